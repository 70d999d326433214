/**
 * JSX typing of the media-chrome elements the player renders (media-chrome.ts registers them). React
 * 19 sets a custom element's known properties and writes everything else as attributes, so these are
 * the attributes as the elements read them.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** What every media-chrome element takes: an HTML element's props, `class` as `className`. */
type MediaElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  /** Keeps the element shown while the controls hide. */
  noautohide?: boolean;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaElement & {
        /** Seconds without a touch after which the controls hide while playing. */
        autohide?: string;
        /** Length shown before the video's metadata is in. */
        defaultduration?: number;
        keyboardbackwardseekoffset?: number;
        keyboardforwardseekoffset?: number;
      };
      'media-control-bar': MediaElement;
      'media-play-button': MediaElement;
      'media-seek-backward-button': MediaElement & { seekoffset?: number };
      'media-seek-forward-button': MediaElement & { seekoffset?: number };
      'media-time-range': MediaElement;
      'media-time-display': MediaElement & { showduration?: boolean; notoggle?: boolean };
      'media-fullscreen-button': MediaElement;
      'media-loading-indicator': MediaElement & { loadingdelay?: number };
    }
  }
}
