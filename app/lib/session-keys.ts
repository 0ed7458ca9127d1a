/** Browser storage keys the app owns (sign-out keeps only the theme and install-dismissed). */
export const LAST_PATH_KEY = "guida-last-path";
export const INSTALL_DISMISSED_KEY = "guida-install-dismissed";
