import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

/**
 * The app's single toast outlet: one toast visible at a time (a newer one replaces the older),
 * top-centre; toasts leave after 5 s or with a swipe. Mount it once near the root.
 *
 * Sonner centres the outlet with `left: 50%` and a transform it animates (400 ms); below 600 px it
 * switches to fixed insets at once while the transform is still sliding back, which put a toast
 * shown before a resize or rotation to a phone's width off the screen's left edge. Without that
 * transition the outlet moves straight to its place.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      richColors
      duration={5000}
      offset={16}
      mobileOffset={12}
      style={{ transition: 'none' }}
      toastOptions={{
        className: 'font-sans',
        style: { borderRadius: '12px', fontSize: '14px' },
      }}
    />
  );
}
