/**
 * The tool page's stylesheet: scoped `tt-` classes on the theme variables of the tool's style
 * (`--color-*` from `themeVariables`), mobile first, no framework.
 */
export const TOOL_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0}
.tt-page{min-height:100vh;display:flex;flex-direction:column;background-color:var(--color-background);background-image:var(--app-background-image,none);background-size:cover;background-position:center top;color:var(--color-foreground);font-family:var(--font-sans,"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
.tt-topbar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;max-width:960px;width:100%;margin:0 auto}
.tt-brand{display:flex;align-items:center;gap:10px;min-width:0}
.tt-logo{height:32px;width:auto;max-width:120px;object-fit:contain;border-radius:6px}
.tt-brand-name{font-weight:650;font-size:15px;color:var(--color-heading);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tt-account{display:flex;align-items:center;gap:8px;flex-shrink:0}
.tt-user{display:none;font-size:13px;color:var(--color-muted-foreground);max-width:200px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tt-pill{font-size:12px;font-weight:600;padding:4px 10px;border-radius:999px;background:var(--color-muted);color:var(--color-foreground);border:1px solid var(--color-border);white-space:nowrap}
.tt-main{flex:1;width:100%;max-width:720px;margin:0 auto;padding:12px 16px 32px}
.tt-hero{text-align:center;padding:20px 4px 8px}
.tt-hero-image{width:64px;height:64px;border-radius:16px;object-fit:cover;margin-bottom:12px}
.tt-title{margin:0;font-size:28px;line-height:1.15;letter-spacing:-.02em;font-weight:750;color:var(--color-heading)}
.tt-subtitle{margin:10px auto 0;max-width:560px;font-size:16px;color:var(--color-subheading)}
.tt-welcome{margin:18px 0 0;padding:14px 16px;border-radius:14px;background:var(--color-muted);border:1px solid var(--color-border);font-size:15px}
.tt-card{margin-top:18px;background:var(--color-surface);border:1px solid var(--color-border);border-radius:16px;padding:18px;box-shadow:0 1px 2px rgba(15,23,42,.04),0 8px 24px rgba(15,23,42,.06)}
.tt-field{margin-bottom:16px}
.tt-label{display:block;font-size:14px;font-weight:600;margin-bottom:6px}
.tt-optional{font-weight:400;color:var(--color-muted-foreground)}
.tt-input{display:block;width:100%;padding:11px 13px;font:inherit;font-size:16px;color:var(--color-foreground);background:var(--color-surface);border:1px solid var(--color-border);border-radius:10px;outline:none;transition:border-color .15s,box-shadow .15s}
.tt-input::placeholder{color:var(--color-muted-foreground);opacity:.8}
.tt-input:focus{border-color:var(--color-primary);box-shadow:0 0 0 3px color-mix(in srgb,var(--color-primary) 22%,transparent)}
.tt-input[aria-invalid=true]{border-color:#dc2626}
.tt-textarea{resize:vertical;min-height:110px}
.tt-field-error{margin:6px 0 0;font-size:13px;color:#dc2626}
.tt-dark .tt-field-error{color:#f87171}
.tt-chips{display:flex;flex-wrap:wrap;gap:8px}
.tt-chip{display:inline-flex;align-items:center;gap:6px;padding:8px 14px;border-radius:999px;border:1px solid var(--color-border);background:var(--color-surface);color:var(--color-foreground);font:inherit;font-size:14px;cursor:pointer;min-height:40px}
.tt-chip[aria-checked=true]{background:var(--color-primary);border-color:var(--color-primary);color:var(--color-primary-foreground)}
.tt-option-icon{width:18px;height:18px;object-fit:contain}
.tt-measure{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.tt-measure>.tt-input{flex:1;min-width:120px}
.tt-measure-pair{display:flex;align-items:center;gap:6px;flex:1}
.tt-measure-pair .tt-input{width:72px}
.tt-units{display:inline-flex;border:1px solid var(--color-border);border-radius:10px;overflow:hidden}
.tt-unit{padding:10px 12px;border:0;background:var(--color-surface);color:var(--color-muted-foreground);font:inherit;font-size:13px;cursor:pointer}
.tt-unit[aria-pressed=true]{background:var(--color-muted);color:var(--color-foreground);font-weight:600}
.tt-photo{display:flex;align-items:center;gap:12px}
.tt-photo-preview{width:56px;height:56px;border-radius:10px;object-fit:cover}
.tt-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.tt-row{display:flex;gap:10px;flex-wrap:wrap;align-items:center}
.tt-center{justify-content:center;margin-top:14px}
.tt-form-actions{margin-top:6px}
.tt-form-actions .tt-button{flex:1}
.tt-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:12px 22px;border:0;border-radius:12px;background:var(--color-primary);color:var(--color-primary-foreground);font:inherit;font-size:16px;font-weight:650;cursor:pointer;text-decoration:none;transition:background .15s,transform .05s}
.tt-button:hover{background:var(--color-primary-hover,var(--color-primary))}
.tt-button:active{transform:translateY(1px)}
.tt-button:disabled{opacity:.6;cursor:default}
.tt-secondary{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:10px 18px;border-radius:12px;border:1px solid var(--color-border);background:var(--color-surface);color:var(--color-foreground);font:inherit;font-size:15px;font-weight:550;cursor:pointer;text-decoration:none}
.tt-ghost{display:inline-flex;align-items:center;padding:6px 10px;border:0;border-radius:8px;background:transparent;color:var(--color-foreground);font:inherit;font-size:14px;font-weight:550;cursor:pointer;text-decoration:none}
.tt-ghost:hover{background:var(--color-muted)}
.tt-pill-button{display:inline-flex;align-items:center;padding:7px 14px;border-radius:999px;background:var(--color-primary);color:var(--color-primary-foreground);font-size:14px;font-weight:600;text-decoration:none}
.tt-disclosure{display:block;margin:0 0 16px;padding:10px 0;border:0;background:none;color:var(--color-primary);font:inherit;font-weight:600;cursor:pointer}
.tt-steps{margin-bottom:16px}
.tt-step-count{font-size:13px;font-weight:600;color:var(--color-muted-foreground)}
.tt-progress{height:6px;border-radius:99px;background:var(--color-muted);margin-top:8px;overflow:hidden}
.tt-progress span{display:block;height:100%;background:var(--color-primary);border-radius:99px;transition:width .25s}
.tt-step-title{margin:14px 0 0;font-size:18px;color:var(--color-heading)}
.tt-examples{margin:-4px 0 18px}
.tt-examples-label{display:block;font-size:13px;font-weight:600;color:var(--color-muted-foreground);margin-bottom:8px}
.tt-example-list{display:flex;flex-direction:column;gap:8px}
.tt-example{text-align:left;padding:10px 14px;border-radius:12px;border:1px dashed var(--color-border);background:var(--color-muted);color:var(--color-foreground);font:inherit;font-size:14px;cursor:pointer}
.tt-example:hover{border-style:solid;border-color:var(--color-primary)}
.tt-runs-left{margin:12px 0 0;text-align:center;font-size:13px;color:var(--color-muted-foreground)}
.tt-result-head{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:6px}
.tt-result-head h2{margin:0;font-size:13px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--color-muted-foreground)}
.tt-result-actions{display:flex;gap:4px}
.tt-step{display:flex;align-items:center;gap:10px;margin:8px 0;color:var(--color-muted-foreground);font-size:15px}
.tt-dots{width:18px;height:18px;border-radius:50%;border:2.5px solid var(--color-border);border-top-color:var(--color-primary);animation:tt-spin .8s linear infinite}
@keyframes tt-spin{to{transform:rotate(360deg)}}
.tt-markdown{font-size:16px;overflow-wrap:anywhere}
.tt-markdown>:first-child{margin-top:0}
.tt-markdown p,.tt-markdown ul,.tt-markdown ol{margin:0 0 12px}
.tt-markdown ul,.tt-markdown ol{padding-left:22px}
.tt-markdown h2,.tt-markdown h3,.tt-markdown h4{margin:18px 0 8px;line-height:1.3;color:var(--color-heading)}
.tt-markdown blockquote{margin:0 0 12px;padding:8px 14px;border-left:3px solid var(--color-primary);background:var(--color-muted);border-radius:0 10px 10px 0}
.tt-markdown code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;background:var(--color-muted);padding:1px 5px;border-radius:5px}
.tt-markdown pre{overflow:auto;padding:12px;background:var(--color-muted);border-radius:10px}
.tt-markdown pre code{background:none;padding:0}
.tt-markdown a{color:var(--color-primary)}
.tt-caret{display:inline-block;width:8px;height:1.1em;vertical-align:text-bottom;background:var(--color-primary);margin-left:2px;animation:tt-blink 1s steps(2) infinite}
@keyframes tt-blink{50%{opacity:0}}
.tt-sources{margin-top:16px;padding-top:14px;border-top:1px solid var(--color-border)}
.tt-sources h3{margin:0 0 8px;font-size:13px;font-weight:700;color:var(--color-muted-foreground)}
.tt-sources ol{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.tt-sources li{padding:10px 12px;border-radius:10px;background:var(--color-muted);font-size:14px}
.tt-source-name{display:block;font-weight:600}
.tt-source-excerpt{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;color:var(--color-muted-foreground);font-size:13px;margin-top:2px}
.tt-model-note{margin:12px 0 0;font-size:12px;color:var(--color-muted-foreground)}
.tt-saved{margin:8px 0 0;font-size:13px;color:#059669}
.tt-edit-area{min-height:180px;margin-bottom:10px}
.tt-error{border-left:4px solid #dc2626}
.tt-error p{margin:0 0 14px;font-size:16px;font-weight:550;color:var(--color-foreground)}
.tt-credits-help{margin:0 0 16px;display:flex;flex-wrap:wrap;align-items:center;gap:10px}
.tt-credits-help p{margin:0;flex-basis:100%;font-size:15px;font-weight:400;color:var(--color-muted-foreground)}
.tt-credits-help a:not(.tt-secondary){color:inherit;text-decoration:underline;overflow-wrap:anywhere}
.tt-cta{text-align:center}
.tt-cta p{margin:0 0 14px;font-size:16px;font-weight:550}
.tt-footer{display:flex;justify-content:center;padding:8px 16px 28px}
.tt-watermark{display:inline-flex;align-items:center;gap:6px;padding:7px 14px;border-radius:999px;background:rgba(15,23,42,.88);color:#fff;font-size:12px;font-weight:600;text-decoration:none;box-shadow:0 4px 14px rgba(15,23,42,.16)}
.tt-watermark:hover{background:#0f172a}
.tt-dark .tt-watermark{background:rgba(255,255,255,.1);border:1px solid var(--color-border);box-shadow:none}
.tt-dark .tt-watermark:hover{background:rgba(255,255,255,.16)}
.tt-toast{position:fixed;left:50%;bottom:64px;transform:translateX(-50%);z-index:50;max-width:min(92vw,420px);padding:10px 16px;border-radius:10px;background:#111827;color:#fff;font-size:14px;box-shadow:0 8px 24px rgba(0,0,0,.18)}
.tt-toast-error{background:#b91c1c}
.tt-toast-success{background:#047857}
.tt-screen{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;font-family:system-ui,sans-serif;color:#111827;background:#f8fafc}
:focus-visible{outline:2px solid var(--color-primary,#4f46e5);outline-offset:2px}
@media (min-width:640px){
.tt-topbar{padding:16px 24px}
.tt-user{display:inline}
.tt-main{padding:24px 24px 40px}
.tt-hero{padding-top:36px}
.tt-title{font-size:40px}
.tt-subtitle{font-size:18px}
.tt-card{padding:28px}
.tt-form-actions .tt-button{flex:0 1 auto;min-width:180px}
.tt-example-list{flex-direction:row;flex-wrap:wrap}
}
@media (prefers-reduced-motion:reduce){.tt-dots,.tt-caret{animation:none}}
`;

/** Adds the tool page's stylesheet once. */
export function installToolStyles(): void {
  if (document.getElementById('tt-styles')) return;
  const style = document.createElement('style');
  style.id = 'tt-styles';
  style.textContent = TOOL_PAGE_CSS;
  document.head.appendChild(style);
}
