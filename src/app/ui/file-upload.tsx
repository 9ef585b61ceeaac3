import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { buttonRecipe } from './button.tsx';
import { labelStyle } from './field.tsx';
import { MAX_FILE_BYTES } from '../../shared/constants.ts';

export type FileUploadProps = {
  label: string;
  accept?: string;
  maxBytes?: number;
  onFile: (file: File) => void;
  /** Shown under the drop zone when a file is refused (type or size). */
  error?: string | null;
  disabled?: boolean;
  /** The refusal of a file over `maxBytes` (default: the 5 MB message of SPEC.md §5). */
  tooLargeMessage?: (filename: string) => string;
};

/** One file, dropped or chosen; Ark enforces type and size before anything is sent. */
export function FileUpload({ label, accept, maxBytes = MAX_FILE_BYTES, onFile, error, disabled, tooLargeMessage }: FileUploadProps) {
  const { t } = useTranslation();
  return (
    <ArkFileUpload.Root
      translations={{ dropzone: t('app.upload.drop') }}
      maxFiles={1}
      maxFileSize={maxBytes}
      accept={accept}
      disabled={disabled}
      onFileAccept={(details) => details.files[0] && onFile(details.files[0])}
      className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
    >
      <ArkFileUpload.Label className={labelStyle}>{label}</ArkFileUpload.Label>
      <DropZone drop={t('app.upload.drop')} choose={t('app.upload.choose')} />
      <ArkFileUpload.Context>
        {(api) =>
          api.rejectedFiles.length > 0 ? (
            <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })} role="alert">
              {api.rejectedFiles[0]?.errors.includes('FILE_TOO_LARGE')
                ? (tooLargeMessage?.(api.rejectedFiles[0]?.file.name ?? '') ??
                  t('app.upload.tooLarge', { filename: api.rejectedFiles[0]?.file.name }))
                : t('app.upload.badType')}
            </span>
          ) : null
        }
      </ArkFileUpload.Context>
      {error ? <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })}>{error}</span> : null}
      <ArkFileUpload.HiddenInput aria-label={label} />
    </ArkFileUpload.Root>
  );
}

/**
 * Where files are dropped, with a button that opens the picker; inside any `FileUpload.Root` of Ark
 * (one file here, several on the verification screen).
 */
export function DropZone({ drop, choose }: { drop: string; choose: string }) {
  return (
    <ArkFileUpload.Dropzone
      // The button inside opens the picker: a clickable zone around it would nest one control in another.
      disableClick
      className={css({
        borderWidth: '2px',
        borderStyle: 'dashed',
        borderColor: 'border',
        borderRadius: 'md',
        p: 'pad',
        display: 'flex',
        flexDir: 'column',
        alignItems: 'center',
        gap: '2',
        color: 'fg.muted',
        fontSize: 'sm',
        '&[data-dragging]': { borderColor: 'primary', bg: 'primary.subtle' },
      })}
    >
      {drop}
      <ArkFileUpload.Trigger className={cx(buttonRecipe({ variant: 'outline', size: 'sm' }))}>{choose}</ArkFileUpload.Trigger>
    </ArkFileUpload.Dropzone>
  );
}
