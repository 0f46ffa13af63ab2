import type { TLender } from '@app/contract/schemas/config.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loan-home.ts';
import { ROUTES } from '../shared/config/route-paths.ts';
import { EARLY_INPUT_GLOBAL, EARLY_TAPS_MAX } from '../shared/ui/early-input.ts';

/**
 * The public first views the server renders into index.html (decision 0166): the loans
 * home as a visitor sees it (the ad landing) and the login page. The route is in the hash,
 * which the server never sees, so the page carries both and a small inline script picks
 * one before the first paint; any other page starts from the neutral boot shell.
 */
export type FirstView = 'loans' | 'login' | 'shell';

/** The views the server renders, in the order index.html carries them. */
export const RENDERED_VIEWS = ['loans', 'login'] as const satisfies readonly FirstView[];

/** The route each rendered view is rendered at (the router's location on the server). */
export const FIRST_VIEW_ROUTES: Record<(typeof RENDERED_VIEWS)[number], string> = {
  loans: '/',
  login: ROUTES.login,
};

/** The attribute on <html> that names the view chosen for this load (set by the head script). */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
/** Set once the chosen view is in #root (by the body script): the page may be shown. */
export const FIRST_VIEW_PLACED_ATTRIBUTE = 'data-first-view-placed';
/** The <template> holding a view that is not in #root at first: `first-view-login`, `first-view-shell`. */
export const FIRST_VIEW_TEMPLATE_PREFIX = 'first-view-';
/** The JSON data block with the public data the server rendered from. */
export const FIRST_VIEW_DATA_ID = 'first-view-data';

/** The public data both views are rendered from: nothing of any user. */
export interface FirstViewData {
  /** loan/common/index as a visitor gets it. */
  home: TLoanIndexResponse;
  /** The lender of common/config (the loans page's footer). */
  lender: TLender;
  /** When the server read it (ms since the epoch): the client's query cache counts its age from then. */
  readAt: number;
}

/**
 * Which view a load shows: what the app itself will render first (SPEC.md's launch rule:
 * without a session every address but a login page opens the loans tab). A session's
 * loans home is its own (amount, order state), and the campaign login has its own layout:
 * those, and every page of a session, start from the boot shell.
 */
export function firstViewFor(route: string, loggedIn: boolean): FirstView {
  const path = route.split('?')[0] || '/';
  if (path === ROUTES.login) return 'login';
  if (path === ROUTES.loginModuleB) return 'shell';
  return loggedIn ? 'shell' : 'loans';
}

/**
 * The head's inline script: firstViewFor in plain ES5 (it runs before any module), from the
 * hash and the stored token (local-store.ts keeps it as a JSON string; unreadable storage
 * counts as no token, as there). Any other failure shows the boot shell. Tested against firstViewFor (first-view.test.ts); the
 * server allows exactly this text by its hash in the page's CSP.
 */
export const CHOOSE_VIEW_SCRIPT =
  `(function(){var d=document.documentElement,v="shell";try{` +
  `var p=location.hash.replace(/^#/,"").split("?")[0]||"/",t=null;` +
  `try{t=JSON.parse(localStorage.getItem("token")||"null")}catch(e){}` +
  `var s=typeof t==="string"&&t.length>0;` +
  `v=p===${JSON.stringify(ROUTES.login)}?"login":p===${JSON.stringify(ROUTES.loginModuleB)}?"shell":s?"shell":"loans"` +
  `}catch(e){}d.setAttribute(${JSON.stringify(FIRST_VIEW_ATTRIBUTE)},v)})();`;

/**
 * The body's inline script, right after #root and the templates: a view other than the
 * loans home (what #root holds, also without JavaScript) replaces #root's content, then the
 * page is shown (until then the head's style keeps #root hidden for those views, so a slow
 * network cannot paint the landing first).
 */
export const PLACE_VIEW_SCRIPT =
  `(function(){var d=document.documentElement,v=d.getAttribute(${JSON.stringify(FIRST_VIEW_ATTRIBUTE)});` +
  `if(v&&v!=="loans"){var t=document.getElementById(${JSON.stringify(FIRST_VIEW_TEMPLATE_PREFIX)}+v),r=document.getElementById("root");` +
  `if(t&&r){while(r.firstChild)r.removeChild(r.firstChild);r.appendChild(t.content.cloneNode(true))}}` +
  `d.setAttribute(${JSON.stringify(FIRST_VIEW_PLACED_ATTRIBUTE)},"")})();`;

/** The head's style: a view other than the landing keeps #root hidden until it is in place. */
export const FIRST_VIEW_STYLE =
  `html[${FIRST_VIEW_ATTRIBUTE}]:not([${FIRST_VIEW_ATTRIBUTE}="loans"]):not([${FIRST_VIEW_PLACED_ATTRIBUTE}]) #root` +
  `{visibility:hidden}`;

/**
 * The head's third inline script (decision 0171): the server's view is on screen before
 * React owns it, and a tap in that time would be lost (React is not listening yet) or
 * worse, act natively — a submit reloads the page, a label toggles its box behind React's
 * back, a link moves the hash under the view being hydrated. Until the page is hydrated it
 * keeps every tap (click) and submit in #root, cancelling the browser's own action and
 * keeping it from React (which may own part of the page already and act on it twice), and
 * notes which text fields were typed into and their text (the typing itself stays in the page); then
 * shared/ui/early-input.ts hands the text to React and replays the taps in order. A tap repeated on
 * the same element counts once (it was repeated because nothing happened). Once React has
 * committed the page's frame (`framed`, set by the app), an element it already owns (the tab
 * bar, while the page's own chunk still loads) gets its tap at once: React's fiber key on the
 * node says so (a React without that key only makes those taps wait for the page). Plain ES5:
 * it runs before any module; the server allows exactly this text by its hash.
 */
export const EARLY_INPUT_SCRIPT =
  `(function(){var d=document,e={taps:[],typed:[],texts:[],released:false,framed:false};window[${JSON.stringify(EARLY_INPUT_GLOBAL)}]=e;` +
  `function owned(t){return e.framed&&Object.keys(t).some(function(k){return k.indexOf("__reactFiber$")===0})}` +
  `function held(v){var r=d.getElementById("root");return !e.released&&!!r&&r.contains(v.target)&&!owned(v.target)}` +
  `function text(t){return t.tagName==="TEXTAREA"||t.tagName==="INPUT"&&!/^(checkbox|radio|submit|button|image|reset|file|range|color)$/.test(t.type)}` +
  `d.addEventListener("click",function(v){if(!held(v)||text(v.target))return;v.preventDefault();v.stopPropagation();` +
  `if(e.taps[e.taps.length-1]!==v.target&&e.taps.length<${EARLY_TAPS_MAX})e.taps.push(v.target)},true);` +
  `d.addEventListener("submit",function(v){if(!held(v))return;v.preventDefault();v.stopPropagation();` +
  `if(e.taps[e.taps.length-1]!==v.target&&e.taps.length<${EARLY_TAPS_MAX})e.taps.push(v.target)},true);` +
  `d.addEventListener("input",function(v){if(!held(v)||!text(v.target))return;var i=e.typed.indexOf(v.target);` +
  `if(i<0){i=e.typed.length;e.typed.push(v.target)}e.texts[i]=v.target.value},true)` +
  `})();`;

/**
 * On a first-view page the server moves the built page's module preloads and its entry out of
 * the head's live markup into a template of this id (decision 0179), the entry as a preload
 * carrying APP_ENTRY_ATTRIBUTE: nothing of the app is fetched or run before the first paint.
 */
export const APP_START_TEMPLATE_ID = 'app-start';
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/**
 * The built page's inert template of the scripts each other first view needs (the login
 * page's; apps/web/scripts/delivery-build.ts), each link naming its view in VIEW_ATTRIBUTE.
 * On a first-view page the server moves them into the start template, and the start script
 * preloads those of the view on screen first, a few per task — not all in one task, as Vite's
 * loader adds them when the router imports the page. Anywhere else nothing reads it.
 */
export const VIEW_PRELOADS_TEMPLATE_ID = 'app-view-preloads';
export const VIEW_ATTRIBUTE = 'data-view';

/**
 * The early start (src/early-start.ts, decision 0194, one file with no imports), named in the
 * same template by a link with this attribute. On the boot shell (a session's page) the start
 * script runs it as a module script before the entry; on a first view (a visitor's landing or
 * login) it is left alone.
 */
export const EARLY_START_ATTRIBUTE = 'data-early-start';

/**
 * Preloads put in the head per task: each costs the browser 0.7-3 ms of main thread
 * (2026-11-28, this machine), and 30 in one task made a long task at 4x CPU.
 */
const PRELOADS_PER_TASK = 2;

/**
 * The body's last inline script on a first-view page (decision 0179): starts the app once the
 * server's view is on screen. A module script in the head ran as soon as the document was
 * parsed, before the browser's first rendering opportunity: the entry's evaluation and the
 * start of hydration (about 300 ms unthrottled, over a second on a slow phone) held the first
 * paint of a page that was already whole; and its downloads, racing the first paint, are
 * counted by Lighthouse's model as holding the largest one. It waits for the parse
 * (DOMContentLoaded: the runtime config's deferred script has run), then for the first
 * contentful paint (its `paint` performance entry: the first paint may be of the background
 * alone; two animation frames where the browser has no such entries), then adds
 * the entry as a module script and the template's preloads to the head, a few per task: first
 * those of the view on screen, then those every view shares; other views' not at all. On the
 * boot shell (a session's page) the early start goes first (decision 0194). A page that is not
 * visible paints nothing and starts at once, as does one hidden before its paint came; three
 * seconds after the parse it starts whatever happened. Plain ES5.
 */
export const START_APP_SCRIPT =
  `(function(){var d=document,t=d.getElementById(${JSON.stringify(APP_START_TEMPLATE_ID)}),s=false;if(!t||!t.content)return;` +
  `function run(h){var e=d.createElement("script");e.type="module";e.crossOrigin="anonymous";e.src=h;d.body.appendChild(e)}` +
  `function go(){if(s)return;s=true;var l=t.content.querySelectorAll("link"),v=d.documentElement.getAttribute(${JSON.stringify(FIRST_VIEW_ATTRIBUTE)}),o=[],r=[],i,w,src=null;` +
  `for(i=0;i<l.length;i++){w=l[i].getAttribute("${VIEW_ATTRIBUTE}");` +
  `if(l[i].hasAttribute("${EARLY_START_ATTRIBUTE}")){if(v==="shell")run(l[i].getAttribute("href"))}` +
  `else if(l[i].hasAttribute("${APP_ENTRY_ATTRIBUTE}"))src=l[i].getAttribute("href");` +
  `else if(w===null)r.push(l[i]);else if(w===v)o.push(l[i])}r=o.concat(r);` +
  `if(src)run(src);` +
  `(function b(){var n=r.splice(0,${PRELOADS_PER_TASK});for(i=0;i<n.length;i++)d.head.appendChild(d.importNode(n[i],true));if(r.length)setTimeout(b,0)})()}` +
  `function later(){if(d.visibilityState==="hidden")return go();` +
  `d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")go()});setTimeout(go,3000);` +
  `var P=window.PerformanceObserver;` +
  `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l){var p=l.getEntries();` +
  `for(var j=0;j<p.length;j++)if(p[j].name==="first-contentful-paint")go()}).observe({type:"paint",buffered:true});` +
  `else if(typeof requestAnimationFrame==="function")requestAnimationFrame(function(){requestAnimationFrame(go)});else go()}` +
  `if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",later);else later()})();`;
