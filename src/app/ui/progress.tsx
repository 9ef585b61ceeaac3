import { Progress as ArkProgress } from '@ark-ui/react/progress';
import { css } from '../../../styled-system/css';

/** A progress bar; `value` null = still working, amount unknown (e.g. the server importing). */
export function ProgressBar({ label, value, valueText }: { label: string; value: number | null; valueText?: string }) {
  return (
    <ArkProgress.Root
      value={value}
      min={0}
      max={100}
      // The progress bar is named by what it measures, then how far it is.
      translations={{
        value: ({ percent }) => (value === null ? `${label}: ${valueText ?? ''}` : `${label}: ${valueText ?? `${percent} %`}`),
      }}
      className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
        <ArkProgress.Label className={css({ fontWeight: 'medium' })}>{label}</ArkProgress.Label>
        {valueText ? (
          <span className={css({ color: 'fg.muted' })}>{valueText}</span>
        ) : (
          <ArkProgress.ValueText className={css({ color: 'fg.muted' })} />
        )}
      </div>
      <ArkProgress.Track
        className={css({ h: '2', bg: 'subtle', borderRadius: 'full', overflow: 'hidden', borderWidth: '1px', borderColor: 'border' })}
      >
        <ArkProgress.Range
          className={css({
            h: 'full',
            bg: 'primary',
            transition: 'width 150ms',
            '&[data-state=indeterminate]': { w: 'full', animation: 'pulse 1.2s ease-in-out infinite' },
          })}
        />
      </ArkProgress.Track>
    </ArkProgress.Root>
  );
}
