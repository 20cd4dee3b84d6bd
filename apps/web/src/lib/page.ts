/**
 * Reloading the page, in one place: jsdom cannot navigate, so the component tests watch this call
 * (the end-to-end tests see the real reload).
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
