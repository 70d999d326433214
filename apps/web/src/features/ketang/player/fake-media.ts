/**
 * Media playback for the player's jsdom tests. jsdom implements no playback (`play()` and `load()`
 * only log "not implemented", time never moves, its track lists are plain arrays), so the tests put
 * this stand-in on `HTMLMediaElement.prototype` — never the app's code — and drive it as a browser
 * would: metadata arrives, time advances, the stream fails. Like a browser, loading a source pauses
 * the element, returns it to 0 and resets its speed to the default speed.
 */

interface MediaState {
  currentTime: number;
  duration: number;
  paused: boolean;
  readyState: number;
  ended: boolean;
  error: { code: number; message: string } | null;
}

const states = new WeakMap<HTMLMediaElement, MediaState>();

function stateOf(media: HTMLMediaElement): MediaState {
  let state = states.get(media);
  if (!state) {
    state = { currentTime: 0, duration: Number.NaN, paused: true, readyState: 0, ended: false, error: null };
    states.set(media, state);
  }
  return state;
}

function fire(media: HTMLMediaElement, ...types: string[]) {
  for (const type of types) media.dispatchEvent(new Event(type));
}

/** An empty track list media-chrome can listen to. */
function trackList() {
  return Object.assign([], { addEventListener() {}, removeEventListener() {}, getTrackById: () => null });
}

/** Puts the stand-in on every media element; returns the function that takes it off again. */
export function installFakeMedia(): () => void {
  const proto = HTMLMediaElement.prototype;
  const names = [
    'currentTime',
    'duration',
    'paused',
    'readyState',
    'ended',
    'error',
    'src',
    'play',
    'pause',
    'load',
    'textTracks',
    'audioTracks',
    'videoTracks',
  ] as const;
  const originals = names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
  const tracks = new WeakMap<HTMLMediaElement, ReturnType<typeof trackList>>();
  const tracksOf = (media: HTMLMediaElement) => {
    if (!tracks.has(media)) tracks.set(media, trackList());
    return tracks.get(media);
  };
  const getter = (get: (media: HTMLMediaElement) => unknown): PropertyDescriptor => ({
    configurable: true,
    get(this: HTMLMediaElement) {
      return get(this);
    },
  });
  Object.defineProperties(proto, {
    currentTime: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).currentTime;
      },
      set(this: HTMLMediaElement, value: number) {
        const state = stateOf(this);
        state.currentTime = Math.max(
          0,
          Number.isFinite(state.duration) ? Math.min(value, state.duration) : value,
        );
        state.ended = false;
        fire(this, 'seeking', 'timeupdate', 'seeked');
      },
    },
    duration: getter((media) => stateOf(media).duration),
    paused: getter((media) => stateOf(media).paused),
    readyState: getter((media) => stateOf(media).readyState),
    ended: getter((media) => stateOf(media).ended),
    error: getter((media) => stateOf(media).error),
    textTracks: getter(tracksOf),
    audioTracks: getter(tracksOf),
    videoTracks: getter(tracksOf),
    src: {
      configurable: true,
      get(this: HTMLMediaElement) {
        const src = this.getAttribute('src');
        return src === null ? '' : new URL(src, document.baseURI).href;
      },
      set(this: HTMLMediaElement, value: string) {
        this.setAttribute('src', value);
        this.load();
      },
    },
    play: {
      configurable: true,
      value(this: HTMLMediaElement) {
        const state = stateOf(this);
        if (state.paused) {
          state.paused = false;
          fire(this, 'play');
          if (state.readyState > 0) fire(this, 'playing');
        }
        return Promise.resolve();
      },
    },
    pause: {
      configurable: true,
      value(this: HTMLMediaElement) {
        const state = stateOf(this);
        if (!state.paused) {
          state.paused = true;
          fire(this, 'pause');
        }
      },
    },
    load: {
      configurable: true,
      value(this: HTMLMediaElement) {
        Object.assign(stateOf(this), {
          currentTime: 0,
          duration: Number.NaN,
          paused: true,
          readyState: 0,
          ended: false,
          error: null,
        });
        this.playbackRate = this.defaultPlaybackRate;
        fire(this, 'emptied', 'loadstart');
      },
    },
  });
  return () => {
    for (const [name, descriptor] of originals) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  };
}

/** The media's metadata arrives: `duration` seconds long, ready to play (as after `canplay`). */
export function loadMetadata(media: HTMLMediaElement, duration: number): void {
  const state = stateOf(media);
  state.duration = duration;
  state.readyState = 4;
  fire(media, 'durationchange', 'loadedmetadata', 'loadeddata', 'canplay');
  if (!state.paused) fire(media, 'playing');
}

/** Plays on until `seconds`, a `timeupdate` every `step` seconds (browsers send one every 0.25–1 s). */
export function playUntil(media: HTMLMediaElement, seconds: number, step = 1): void {
  const state = stateOf(media);
  if (state.paused) media.play();
  while (state.currentTime + 1e-9 < seconds) {
    state.currentTime = Math.min(seconds, state.currentTime + step);
    fire(media, 'timeupdate');
  }
}

/** The stream breaks: a network error (`MEDIA_ERR_NETWORK`, 2) or another `code`. */
export function failStream(media: HTMLMediaElement, code = 2): void {
  stateOf(media).error = { code, message: '' };
  fire(media, 'error');
}

/** Plays to the end. */
export function playToEnd(media: HTMLMediaElement): void {
  const state = stateOf(media);
  playUntil(media, state.duration);
  state.paused = true;
  state.ended = true;
  fire(media, 'pause', 'ended');
}
