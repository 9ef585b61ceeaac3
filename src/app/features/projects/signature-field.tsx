import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { css } from '../../../../styled-system/css';
import { Button } from '../../ui/button.tsx';
import { labelStyle } from '../../ui/field.tsx';

/**
 * A signature drawn with a finger, a pen or the mouse (signature_pad), cleared and drawn again at will.
 * `onChange` gets the drawing as a PNG data URL, or null when the box is empty. Nothing of it is kept
 * on the device: it leaves only with the subscription.
 */
export function SignatureField({
  onChange,
  error,
  disabled,
}: {
  onChange: (dataUrl: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Sharp on dense screens, yet small enough to stay far under the 200 KB the server takes.
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const drawing = new SignaturePad(element, { penColor: '#111827', backgroundColor: 'rgba(0,0,0,0)' });
    drawing.addEventListener('endStroke', () => changed.current(drawing.isEmpty() ? null : drawing.toDataURL('image/png')));
    pad.current = drawing;
    return () => drawing.off();
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <span className={labelStyle} id="signature-label">
        {t('app.projects.signature')}
      </span>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })} id="signature-help">
        {t('app.projects.signHere')}
      </span>
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-help"
        className={css({
          w: 'full',
          h: '40',
          bg: 'white',
          borderWidth: '2px',
          borderStyle: 'dashed',
          borderColor: error ? 'error' : 'border',
          borderRadius: 'md',
          touchAction: 'none',
        })}
      />
      {error ? (
        <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })} role="alert" data-testid="signature-error">
          {error}
        </span>
      ) : null}
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
        >
          {t('app.projects.clearSignature')}
        </Button>
      </div>
    </div>
  );
}
