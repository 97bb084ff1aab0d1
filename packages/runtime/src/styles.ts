/** The runtime's own screens (login, errors, toasts, debug log): scoped `tsr-` classes, no Tailwind needed. */
export const RUNTIME_CSS = `
body{margin:0}
.tsr-screen{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;box-sizing:border-box;background:#f6f7f9;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
.tsr-card{width:100%;max-width:400px;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.06);box-sizing:border-box}
.tsr-card h1{font-size:20px;margin:0 0 4px;font-weight:650}
.tsr-muted{color:#6b7280;font-size:14px;margin:0 0 20px;line-height:1.45}
.tsr-field{display:block;margin-bottom:14px;font-size:14px;font-weight:500}
.tsr-field input{display:block;width:100%;margin-top:6px;padding:9px 11px;border:1px solid #d1d5db;border-radius:8px;font:inherit;font-weight:400;box-sizing:border-box}
.tsr-field input:focus{outline:2px solid #4f46e5;outline-offset:-1px;border-color:transparent}
.tsr-field input.tsr-code{font-size:24px;letter-spacing:.4em;text-align:center;font-variant-numeric:tabular-nums;padding:10px 11px}
.tsr-button{display:inline-flex;align-items:center;justify-content:center;width:100%;padding:10px 14px;border:0;border-radius:8px;background:#111827;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.tsr-button:disabled{opacity:.6;cursor:default}
.tsr-button.tsr-secondary{background:#fff;color:#111827;border:1px solid #d1d5db;margin-top:10px}
.tsr-link{background:none;border:0;padding:0;color:#4f46e5;font:inherit;font-size:14px;cursor:pointer;text-decoration:underline;margin-top:16px}
.tsr-error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:9px 11px;font-size:14px;margin-bottom:14px}
.tsr-notice{background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0;border-radius:8px;padding:9px 11px;font-size:14px;margin-bottom:14px}
.tsr-pre{white-space:pre-wrap;word-break:break-word;background:#f9fafb;border:1px solid #e5e7eb;border-radius:8px;padding:10px;font-size:12px;max-height:240px;overflow:auto;text-align:left}
.tsr-page-error{margin:24px auto;max-width:640px;padding:20px;border:1px solid #fecaca;background:#fff;border-radius:12px;font-family:system-ui,sans-serif;color:#111827}
.tsr-page-error h2{font-size:17px;margin:0 0 8px}
.tsr-prompt{margin:24px auto;max-width:440px;padding:24px;border:1px solid #e5e7eb;background:#fff;border-radius:12px;font-family:system-ui,sans-serif;color:#111827;text-align:center;box-sizing:border-box}
.tsr-prompt h2{font-size:18px;margin:0 0 6px}
.tsr-prompt .tsr-muted{margin-bottom:4px}
.tsr-prompt .tsr-actions{justify-content:center}
.tsr-prompt{background:var(--color-surface,#fff);color:var(--color-foreground,#111827);border-color:var(--color-border,#e5e7eb);font-family:var(--font-sans,system-ui,sans-serif)}
.tsr-prompt .tsr-muted{color:var(--color-muted-foreground,#6b7280)}
.tsr-prompt .tsr-button:not(.tsr-secondary){background:var(--color-primary,#111827);color:var(--color-primary-foreground,#fff)}
a.tsr-button{text-decoration:none;box-sizing:border-box}
.tsr-small{color:#6b7280;font-size:12px;margin:0 0 12px;line-height:1.4}
.tsr-footer{display:flex;flex-wrap:wrap;justify-content:center;gap:6px 16px;margin-top:20px;padding-top:14px;border-top:1px solid #e5e7eb;font-size:13px}
.tsr-footer a{color:#6b7280}
.tsr-actions{display:flex;gap:8px;margin-top:12px}
.tsr-actions .tsr-button{width:auto}
.tsr-actions .tsr-button.tsr-secondary{margin-top:0}
.tsr-toast{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:2147483000;max-width:min(92vw,420px);padding:10px 16px;border-radius:10px;background:#111827;color:#fff;font:14px system-ui,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.18)}
.tsr-toast.tsr-toast-error{background:#b91c1c}
.tsr-toast.tsr-toast-success{background:#047857}
.tsr-debug{position:fixed;right:0;top:0;bottom:0;width:min(420px,100vw);z-index:2147482000;background:#0b1020;color:#d1d5db;font:12px ui-monospace,monospace;overflow:auto;padding:12px;box-sizing:border-box}
.tsr-debug div{padding:3px 0;border-bottom:1px solid #1f2937}
.tsr-watermark{position:fixed;right:12px;bottom:12px;z-index:2147481000;padding:5px 10px;border-radius:999px;background:rgba(17,24,39,.88);color:#fff;font:600 12px/1.2 system-ui,-apple-system,"Segoe UI",sans-serif;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.18)}
.tsr-watermark:hover{background:#111827}
.tsr-paywall-screen{background:var(--color-background,#f3f4f8);color:var(--color-foreground,#111827);font-family:var(--font-sans,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif)}
.tsr-paywall{max-width:440px;padding:0;overflow:hidden;border-radius:18px;background:var(--color-surface,#fff);border-color:var(--color-border,#e5e7eb);box-shadow:0 1px 2px rgba(15,23,42,.04),0 16px 48px rgba(15,23,42,.12)}
.tsr-paywall-head{display:flex;align-items:center;gap:10px;padding:16px 28px;border-bottom:1px solid var(--color-border,#e5e7eb)}
.tsr-paywall-logo{width:32px;height:32px;border-radius:9px;object-fit:cover;flex:none}
.tsr-paywall-initial{display:grid;place-items:center;background:var(--color-primary,#111827);color:var(--color-primary-foreground,#fff);font-weight:700;font-size:15px}
.tsr-paywall-name{font-weight:650;font-size:15px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tsr-paywall-body{padding:28px 28px 24px}
.tsr-paywall h1{font-size:26px;line-height:1.2;letter-spacing:-.015em;margin:0 0 6px;color:var(--color-heading,inherit)}
.tsr-paywall .tsr-muted{color:var(--color-muted-foreground,#6b7280);font-size:15px}
.tsr-offer{margin:0 0 20px;padding:18px 20px;border:1px solid var(--color-border,#e5e7eb);border-radius:14px;background:var(--color-muted,#f8fafc)}
.tsr-offer-name{margin:0 0 4px;font-size:13px;font-weight:650;letter-spacing:.02em;color:var(--color-muted-foreground,#6b7280)}
.tsr-price{margin:0;font-size:34px;line-height:1.15;font-weight:750;letter-spacing:-.02em;color:var(--color-foreground,#111827)}
.tsr-per{font-size:15px;font-weight:500;letter-spacing:0;color:var(--color-muted-foreground,#6b7280)}
.tsr-perks{list-style:none;margin:14px 0 0;padding:14px 0 0;border-top:1px solid var(--color-border,#e5e7eb);display:grid;gap:8px;font-size:14px}
.tsr-perks li{display:flex;gap:8px;align-items:baseline}
.tsr-perks li::before{content:"✓";font-weight:800;color:var(--color-primary,#4f46e5)}
.tsr-paywall .tsr-button:not(.tsr-secondary){padding:13px 16px;border-radius:10px;font-size:15px;background:var(--color-primary,#111827);color:var(--color-primary-foreground,#fff)}
.tsr-paywall .tsr-button:not(.tsr-secondary):hover{background:var(--color-primary-hover,var(--color-primary,#1f2937))}
.tsr-paywall .tsr-button.tsr-secondary{border-radius:10px;background:transparent;color:var(--color-foreground,#111827);border-color:var(--color-border,#d1d5db)}
.tsr-paywall-foot{display:flex;flex-wrap:wrap;justify-content:space-between;gap:6px 16px;padding:14px 28px;border-top:1px solid var(--color-border,#e5e7eb);background:var(--color-muted,#f8fafc);color:var(--color-muted-foreground,#6b7280);font-size:12px}
.tsr-paywall-foot:empty{display:none}
@media (max-width:480px){.tsr-paywall-screen{padding:0;align-items:stretch}.tsr-paywall{max-width:none;min-height:100vh;border:0;border-radius:0;box-shadow:none;display:flex;flex-direction:column}.tsr-paywall-body{flex:1;padding:24px 20px}.tsr-paywall-head,.tsr-paywall-foot{padding-left:20px;padding-right:20px}}
.tsr-spinner{width:28px;height:28px;border:3px solid #e5e7eb;border-top-color:#111827;border-radius:50%;animation:tsr-spin .8s linear infinite}
@keyframes tsr-spin{to{transform:rotate(360deg)}}
`;

/** Adds the runtime's stylesheet once. */
export function installRuntimeStyles(): void {
  if (document.getElementById('tsr-styles')) return;
  const style = document.createElement('style');
  style.id = 'tsr-styles';
  style.textContent = RUNTIME_CSS;
  document.head.appendChild(style);
}
