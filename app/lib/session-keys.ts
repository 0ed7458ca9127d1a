/** Browser storage keys the app owns (sign-out keeps only the theme and install-dismissed). */
export const LAST_PATH_KEY = "guida-last-path";
export const INSTALL_DISMISSED_KEY = "guida-install-dismissed";
/** When "Mais Tarde" hid the update banner (it stays hidden for 6 hours). */
export const UPDATE_DISMISSED_KEY = "guida-update-dismissed";
