/**
 * Reloading the page, in one place: jsdom cannot navigate, so the component tests watch this call
 * (the end-to-end tests see the real reload).
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
  /** A new page load at `url` (after signing in on an account page: every answer with the token). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** This page loaded again at `url`, in its place in the history (an islands page in the visitor's language). */
  replace(url: string): void {
    window.location.replace(url);
  },
};
