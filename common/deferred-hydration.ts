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
 * back on once the first contentful paint has been presented.
 */

export const deferredPreloadRel = "x-deferred-modulepreload";
export const deferredModuleType = "x-deferred-module";

/**
 * Runs as an inline classic script after React Router's <Scripts>. It starts once the browser reports the first
 * contentful paint (a `paint` PerformanceObserver entry, which Chromium delivers once that frame is presented), so
 * no script is fetched before the text is on screen. The first frame is not enough: Chromium here sometimes
 * presents it tens of milliseconds after its requestAnimationFrame, and scripts that finished in between counted
 * towards Lighthouse's simulated largest paint (2.3 s instead of 1.1 s, a score of 98 instead of 100, in about one
 * run in four). A browser without paint timing starts after the first frame, as before; 3 s is the latest start
 * in any case. A hidden tab paints no frames, so it starts at once, also when the tab is hidden before its first
 * paint.
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
function afterPaint(){setTimeout(start,0)}
if(document.visibilityState==="hidden")start();
else{
document.addEventListener("visibilitychange",start,{once:true});
var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];
if(types.indexOf("paint")<0)requestAnimationFrame(afterPaint);
else{
new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();afterPaint()}}).observe({type:"paint",buffered:true});
setTimeout(start,3000);
}
}
})();`;
