export { createFileSpool, fileSpoolFactory } from './file-spool.js';
