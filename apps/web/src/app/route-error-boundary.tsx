import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './pages/route-error-page';

interface Props {
  /** The address shown: once it changes, the screens are tried again. */
  at: string;
  children: ReactNode;
}

/**
 * A screen that throws while rendering (its chunk replaced by a new release, a bug) shows the
 * error page instead of a blank document, until the person goes elsewhere.
 */
export class RouteErrorBoundary extends Component<Props, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
