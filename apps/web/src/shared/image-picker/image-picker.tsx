import { useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { Button, Progress, toast } from '@tessera/ui';
import { uploadImage } from '../api';

/** Images over this size are refused before upload (docs/product/tools.md#the-tool-builder). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ImagePickerProps {
  appId: string;
  label: string;
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  /** How the thumbnail fills its box: a logo is contained, a background covers. */
  fit?: 'contain' | 'cover';
  /** A 16:9-ish thumbnail box (a template's card picture) instead of a square one. */
  wide?: boolean;
}

/** Uploads an image through the app's upload path (`POST /api/apps/{appId}/files`) with progress, or removes it. */
export function ImagePicker({ appId, label, value, onChange, fit = 'contain', wide = false }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const id = useId();

  async function handleFile(file: File | undefined) {
    if (!file) return;
    if (file.size >= MAX_IMAGE_BYTES) {
      toast.error(RUNTIME_MESSAGES.uploadFailed);
      return;
    }
    setProgress(0);
    try {
      onChange(await uploadImage(appId, file, setProgress));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : RUNTIME_MESSAGES.uploadFailed, { duration: 3000 });
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium text-ink">
        {label}
      </p>
      <div className="flex items-center gap-3">
        <div
          className={`flex h-14 ${wide ? 'w-24' : 'w-14'} shrink-0 items-center justify-center overflow-hidden rounded-lg border border-line bg-surface-muted`}
        >
          {value ? (
            <img
              src={value}
              alt={label}
              className={fit === 'cover' ? 'size-full object-cover' : 'size-full object-contain p-1'}
            />
          ) : (
            <ImageUp className="size-5 text-ink-faint" aria-hidden />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {progress !== null ? (
            <Progress value={progress} label={`Uploading ${label.toLowerCase()}`} />
          ) : (
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => inputRef.current?.click()} aria-describedby={id}>
                {value ? 'Replace' : 'Upload'}
              </Button>
              {value && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange(undefined)}
                  aria-label={`Remove ${label.toLowerCase()}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
          )}
          <span className="text-xs text-ink-faint">PNG, JPEG, GIF, WebP or AVIF, under 10 MB</span>
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} file`}
        onChange={(e) => void handleFile(e.target.files?.[0])}
      />
    </div>
  );
}
