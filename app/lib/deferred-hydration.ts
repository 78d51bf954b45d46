/**
 * Hydration starts after the first paint.
 *
 * Every public page is complete as the server renders it; the scripts add the audio players, menus, toasts and
 * client-side navigation. So the browser should paint before it fetches them: on a slow mobile connection some
 * twenty module files would otherwise compete with the stylesheet's font and the first images, and Lighthouse's
 * simulated network counts every script that finished before the first paint as part of it.
 *
 * The server (`server/http/defer-hydration.server.ts`) renames React Router's module preloads and its inline module
 * script to types the browser ignores; `startHydrationScript`, an inline script placed right after them, turns them
 * back on once the first frame has been presented.
 */

export const deferredPreloadRel = "x-deferred-modulepreload";
export const deferredModuleType = "x-deferred-module";

/**
 * Runs as an inline classic script after React Router's <Scripts>. The first requestAnimationFrame callback runs
 * just before the first frame is painted; the timeout after it runs once that frame is out. A hidden tab paints no
 * frames, so it starts at once, also when the tab is hidden before its first frame.
 *
 * The module script it creates takes over the nonce of the script it replaces (the `nonce` property; the browser
 * hides the attribute), so the page's Content-Security-Policy allows it on its own: Chromium would also let it run
 * through 'strict-dynamic' (created by a trusted script), but a browser without 'strict-dynamic' would not. The
 * preloads keep their own nonce attributes.
 */
export const startHydrationScript = `(function(){
var started=false;
function start(){
if(started)return;started=true;
document.querySelectorAll('link[rel="${deferredPreloadRel}"]').forEach(function(l){l.rel="modulepreload"});
document.querySelectorAll('script[type="${deferredModuleType}"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)});
}
if(document.visibilityState==="hidden")start();
else{requestAnimationFrame(function(){setTimeout(start,0)});document.addEventListener("visibilitychange",start,{once:true})}
})();`;
