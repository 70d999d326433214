/**
 * The 倍速 chooser over the video: the speeds of playback-rate.ts as large buttons, the current one
 * marked. It lives inside the player (media-chrome's dialog layer) so it also shows in fullscreen; a
 * tap beside the buttons or Escape closes it.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from 'react';
import { PLAYBACK_RATES, rateLabel } from './playback-rate';
import styles from './SpeedPanel.module.css';

/** Props of {@link SpeedPanel}. */
export interface SpeedPanelProps {
  rate: number;
  onChoose: (rate: number) => void;
  onClose: () => void;
}

/** The speed chooser. */
export function SpeedPanel({ rate, onChoose, onClose }: SpeedPanelProps) {
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    current.current?.focus();
  }, []);
  const closeOutside = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <div
      slot="dialog"
      role="dialog"
      aria-label="播放速度"
      className={styles.backdrop}
      onClick={closeOutside}
      onKeyDown={closeOnEscape}
    >
      <div className={styles.panel}>
        <p className={styles.title}>倍速播放</p>
        <div className={styles.choices}>
          {PLAYBACK_RATES.map((choice) => (
            <button
              key={choice}
              ref={choice === rate ? current : undefined}
              type="button"
              className={styles.choice}
              aria-pressed={choice === rate}
              onClick={() => onChoose(choice)}
            >
              {rateLabel(choice)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
