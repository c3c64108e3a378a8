// Command validate renders kustomizations the way `kubectl apply -k` would and decodes every object strictly into the
// Kubernetes API types: an unknown or misspelt field, a value of the wrong type, or a kind the API does not have is an
// error naming the object and the field. Offline: no cluster, no schemas downloaded at run time.
//
//	validate <kustomization dir>...
//
// Exit status 0 when every object of every kustomization decodes, 1 when some object does not, 2 when a
// kustomization cannot be rendered. Built and cached by deploy/local/tools.mjs (ensureK8sValidator).
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resource"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// The API groups deploy/k8s uses, and only those: each group is compiled into the tool, so the cold build stays
// small. A kind from another group is refused as not registered; add its AddToScheme here when a manifest needs it.
var groups = []func(*runtime.Scheme) error{
	corev1.AddToScheme,        // Namespace, Service, ConfigMap
	appsv1.AddToScheme,        // Deployment
	autoscalingv2.AddToScheme, // HorizontalPodAutoscaler
	policyv1.AddToScheme,      // PodDisruptionBudget
	networkingv1.AddToScheme,  // Ingress, NetworkPolicy
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: validate <kustomization dir>...")
		os.Exit(2)
	}
	scheme := runtime.NewScheme()
	for _, add := range groups {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	// Strict: unknown and duplicate fields are errors, field names are case-sensitive.
	decoder := json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme, scheme, json.SerializerOptions{Strict: true})

	status := 0
	for _, dir := range os.Args[1:] {
		resources, err := render(dir)
		if err != nil {
			fmt.Printf("%s: cannot be rendered: %v\n", dir, err)
			status = 2
			continue
		}
		problems := []string{}
		counts := map[string]int{}
		for _, res := range resources {
			counts[res.GetKind()]++
			if err := decode(decoder, res); err != nil {
				problems = append(problems, fmt.Sprintf("%s %s: %v", res.GetKind(), qualifiedName(res), err))
			}
		}
		if len(resources) == 0 {
			problems = append(problems, "renders no objects")
		}
		if len(problems) == 0 {
			fmt.Printf("%s: %d objects valid (%s)\n", dir, len(resources), summary(counts))
			continue
		}
		if status == 0 {
			status = 1
		}
		for _, p := range problems {
			fmt.Printf("%s: %s\n", dir, p)
		}
	}
	os.Exit(status)
}

// render builds the kustomization with kustomize's defaults (files only from inside its root, no plugins), as
// `kubectl apply -k` does.
func render(dir string) ([]*resource.Resource, error) {
	resMap, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, err
	}
	return resMap.Resources(), nil
}

func decode(decoder runtime.Decoder, res *resource.Resource) error {
	data, err := res.MarshalJSON()
	if err != nil {
		return err
	}
	_, _, err = decoder.Decode(data, nil, nil)
	if runtime.IsNotRegisteredError(err) {
		gv, _ := schema.ParseGroupVersion(res.GetApiVersion())
		return fmt.Errorf("%s %s is not a Kubernetes API type this validator knows (a removed or misspelt apiVersion, or a group deploy/k8s/validate/main.go does not register yet)", gv, res.GetKind())
	}
	return err
}

func qualifiedName(res *resource.Resource) string {
	if ns := res.GetNamespace(); ns != "" {
		return ns + "/" + res.GetName()
	}
	return res.GetName()
}

func summary(counts map[string]int) string {
	kinds := make([]string, 0, len(counts))
	for kind := range counts {
		kinds = append(kinds, kind)
	}
	sort.Strings(kinds)
	parts := make([]string, len(kinds))
	for i, kind := range kinds {
		parts[i] = fmt.Sprintf("%d %s", counts[kind], kind)
	}
	return strings.Join(parts, ", ")
}
