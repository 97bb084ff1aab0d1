/**
 * The chat widget's stylesheet: scoped `tsr-chat` classes over the app's theme variables
 * (docs/product/runtime.md, App style), each with a neutral fallback.
 */
const primary = 'var(--color-primary,#4f46e5)';
const onPrimary = 'var(--color-primary-foreground,#fff)';
const surface = 'var(--color-surface,#fff)';
const text = 'var(--color-foreground,#111827)';
const muted = 'var(--color-muted-foreground,#6b7280)';
const border = 'var(--color-border,#e5e7eb)';
const soft = 'var(--color-muted,#f3f4f6)';

export const CHAT_WIDGET_CSS = `
.tsr-chat{position:fixed;right:16px;bottom:52px;z-index:2147480000;font-family:var(--font-sans,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:${text}}
.tsr-chat-bubble{display:flex;align-items:center;justify-content:center;width:56px;height:56px;margin-left:auto;border:0;border-radius:999px;background:${primary};color:${onPrimary};cursor:pointer;box-shadow:0 8px 24px rgba(0,0,0,.2)}
.tsr-chat-bubble:hover{background:var(--color-primary-hover,${primary})}
.tsr-chat-bubble:focus-visible,.tsr-chat-close:focus-visible,.tsr-chat-send:focus-visible{outline:2px solid ${primary};outline-offset:2px}
.tsr-chat-panel{display:flex;flex-direction:column;width:380px;height:min(560px,calc(100vh - 140px));margin-bottom:12px;background:${surface};border:1px solid ${border};border-radius:16px;box-shadow:0 16px 48px rgba(0,0,0,.18);overflow:hidden}
.tsr-chat-head{display:flex;align-items:center;gap:10px;padding:12px 14px;background:${primary};color:${onPrimary}}
.tsr-chat-head h2{flex:1;margin:0;font-size:15px;font-weight:650;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tsr-chat-avatar{display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:999px;background:rgba(255,255,255,.22);font-weight:700;font-size:14px}
.tsr-chat-close{width:30px;height:30px;border:0;border-radius:8px;background:transparent;color:inherit;font-size:22px;line-height:1;cursor:pointer}
.tsr-chat-close:hover{background:rgba(255,255,255,.16)}
.tsr-chat-list{flex:1;margin:0;padding:14px;list-style:none;overflow-y:auto;display:flex;flex-direction:column;gap:10px}
.tsr-chat-turn{display:flex;flex-direction:column;gap:10px}
.tsr-chat-msg{max-width:85%;margin:0;padding:9px 12px;border-radius:14px;font-size:14px;line-height:1.5;overflow-wrap:anywhere}
.tsr-chat-me{align-self:flex-end;background:${primary};color:${onPrimary};border-bottom-right-radius:4px;white-space:pre-wrap}
.tsr-chat-bot{align-self:flex-start;background:${soft};color:${text};border-bottom-left-radius:4px}
.tsr-chat-bot p{margin:0 0 6px}.tsr-chat-bot p:last-child{margin-bottom:0}
.tsr-chat-bot blockquote{margin:0 0 6px;padding-left:10px;border-left:3px solid ${primary}}
.tsr-chat-bot ul,.tsr-chat-bot ol{margin:0 0 6px;padding-left:18px}
.tsr-chat-sources{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0 0!important;padding:8px 0 0!important;border-top:1px solid ${border};list-style:none}
.tsr-chat-sources::before{content:"Sources";width:100%;font-size:11px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:${muted}}
.tsr-chat-sources li{padding:2px 8px;border:1px solid ${border};border-radius:999px;background:${surface};font-size:12px;color:${muted}}
.tsr-chat-error{color:#b91c1c}
.tsr-chat-typing{display:inline-flex;gap:4px;padding:4px 0}
.tsr-chat-typing i{width:6px;height:6px;border-radius:999px;background:${muted};animation:tsr-chat-dot 1s infinite ease-in-out}
.tsr-chat-typing i:nth-child(2){animation-delay:.15s}.tsr-chat-typing i:nth-child(3){animation-delay:.3s}
@keyframes tsr-chat-dot{0%,80%,100%{opacity:.3}40%{opacity:1}}
.tsr-chat-form{display:flex;gap:8px;align-items:flex-end;padding:10px;border-top:1px solid ${border}}
.tsr-chat-form textarea{flex:1;min-height:40px;max-height:120px;padding:9px 11px;border:1px solid ${border};border-radius:10px;background:${surface};color:${text};font:inherit;font-size:14px;resize:none;box-sizing:border-box}
.tsr-chat-form textarea:focus{outline:2px solid ${primary};outline-offset:-1px;border-color:transparent}
.tsr-chat-send{height:40px;padding:0 16px;border:0;border-radius:10px;background:${primary};color:${onPrimary};font:inherit;font-size:14px;font-weight:600;cursor:pointer}
.tsr-chat-send:disabled{opacity:.5;cursor:default}
@media (max-width:480px){.tsr-chat{right:8px;left:8px;bottom:48px}.tsr-chat-panel{width:100%;height:calc(100vh - 130px)}}
`;
