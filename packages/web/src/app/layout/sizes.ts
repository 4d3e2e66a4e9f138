/** Drawer width and top bar height (spec section 9). */
export const DRAWER_WIDTH = 240;
export const TOP_BAR_HEIGHT = 64;
