import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

/**
 * The app's single toast outlet: one toast visible at a time (a newer one replaces the older),
 * top-centre; toasts leave after 5 s or with a swipe. Mount it once near the root.
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
      toastOptions={{
        className: 'font-sans',
        style: { borderRadius: '12px', fontSize: '14px' },
      }}
    />
  );
}
