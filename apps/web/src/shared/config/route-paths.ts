/** Route paths other layers need without importing the router (it lives in app/). */
export const LOANS_PATH = '/pages/loans/index';
export const LOGIN_PATH = '/pages/login/index';
