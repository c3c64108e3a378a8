// k6 with the push-streams extension built in (what xk6 would generate): `node deploy/k6/build.mjs` builds it.
package main

import (
	k6cmd "go.k6.io/k6/cmd"

	_ "learnplatform/k6/push-streams"
)

func main() {
	k6cmd.Execute()
}
