/**
 * The media-chrome controls the player uses, and nothing more of the library: each element module
 * defines one custom element (`media-controller`, …) when imported. Labels come first (media-labels.ts).
 *
 * Outside a browser — Node, or a jsdom test without `ResizeObserver` and `matchMedia` — media-chrome
 * binds to its own inert stand-ins (utils/server-safe-globals.js) and defines nothing, so the tags stay
 * plain unknown elements and the page still renders; the player's tests provide those two browser APIs
 * to run the real controls.
 */
import './media-labels';
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-seek-backward-button.js';
import 'media-chrome/dist/media-seek-forward-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-fullscreen-button.js';
import 'media-chrome/dist/media-loading-indicator.js';
