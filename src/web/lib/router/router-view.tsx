import { Component, type ComponentType, type ReactNode, useMemo } from "react";
import type { Navigate, RouterState } from "./browser-router.ts";
import {
  BaseContext,
  LoadingContext,
  LocationContext,
  NavigateContext,
  OutletContext,
  RouteErrorContext,
} from "./context.ts";

type BoundaryProps = {
  /** A new location clears the error: the shopper has gone elsewhere. */
  resetKey: string;
  /** An error found before drawing (the page's code would not load). */
  error: unknown;
  fallback: ComponentType;
  children: ReactNode;
};

class RouteErrorBoundary extends Component<
  BoundaryProps,
  { failure: { error: unknown } | undefined; key: string }
> {
  override state = { failure: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failure: undefined, key: props.resetKey };
  }

  override render() {
    const failure: { error: unknown } | undefined =
      this.props.error !== undefined ? { error: this.props.error } : this.state.failure;
    if (!failure) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteErrorContext value={failure.error}>
        <Fallback />
      </RouteErrorContext>
    );
  }
}

/** Draws the current page inside its frame, or the error page when it cannot. */
export function RouterView({
  state,
  navigate,
  errorPage,
}: {
  state: RouterState;
  navigate: Navigate;
  errorPage: ComponentType;
}) {
  const { location, match, page: Page, error, loading } = state;
  // Made again only when a navigation lands, so the page and its frame keep still meanwhile.
  const where = useMemo(() => ({ location, match }), [location, match]);
  const tree = useMemo(() => {
    const page = Page ? <Page /> : null;
    const Layout = match?.route.layout;
    return (
      <RouteErrorBoundary resetKey={location.key} error={error} fallback={errorPage}>
        {Layout ? (
          <OutletContext value={page}>
            <Layout />
          </OutletContext>
        ) : (
          page
        )}
      </RouteErrorBoundary>
    );
  }, [Page, match, location.key, error, errorPage]);
  return (
    <BaseContext value={state.base}>
      <NavigateContext value={navigate}>
        <LocationContext value={where}>
          <LoadingContext value={loading}>{tree}</LoadingContext>
        </LocationContext>
      </NavigateContext>
    </BaseContext>
  );
}
