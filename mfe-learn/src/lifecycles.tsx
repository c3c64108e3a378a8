/** Exposed as `learn/app`: the single-spa lifecycles the shell mounts for learn's routes. */
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ErrorState } from '@lp/ui';
import { App } from './App.tsx';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => <App />,
  // A render error stays inside this remote: the shell's chrome and navigation keep working.
  errorBoundary: (error) => (
    <ErrorState
      title="This page stopped working"
      message={`Something went wrong while showing this page (${error.message}). Please try again.`}
      onRetry={() => window.location.reload()}
    />
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;
