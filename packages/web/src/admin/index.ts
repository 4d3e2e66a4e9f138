/** The admin area (its routes under /admin), loaded lazily by the app shell. */
export { default } from './admin-area';
