import { inlineScriptSource } from '../lib/html.js';

const TEMPLATE_ID = 'deferred-scripts';

/**
 * Loads the scripts parked in the template once the page's outline has been painted (the frame's
 * callback runs just before that paint, the timeout just after it), in their order.
 */
export const START_AFTER_PAINT_SCRIPT =
  'requestAnimationFrame(function(){setTimeout(function(){' +
  `var t=document.getElementById('${TEMPLATE_ID}');if(!t)return;` +
  "t.content.querySelectorAll('link,script').forEach(function(n){" +
  'var e=document.createElement(n.localName);' +
  'for(var i=0;i<n.attributes.length;i++)e.setAttribute(n.attributes[i].name,n.attributes[i].value);' +
  "if(e.localName==='script')e.async=false;document.head.appendChild(e)});t.remove()})})";

/** The CSP source that allows exactly that inline script. */
export const START_AFTER_PAINT_SCRIPT_SOURCE = inlineScriptSource(START_AFTER_PAINT_SCRIPT);

/**
 * A page sent with its outline (ADR 021) needs only the HTML and the stylesheets for its first
 * paint. Its module scripts (and the page's script preloads) wait in an inert template and start
 * once that paint is done, so they never hold it up on a slow line. The document's own scripts are
 * taken out once; the returned function adds a page's preloads to them.
 */
export function deferScripts(html: string): (scriptPreloads: string) => string {
  const scripts: string[] = [];
  const rest = html.replace(/<script type="module"[^>]*><\/script>/g, (tag) => {
    scripts.push(tag);
    return '';
  });
  const [before, after] = splitAt(rest, '</body>');
  const tail = `${scripts.join('')}</template><script>${START_AFTER_PAINT_SCRIPT}</script>${after}`;
  return (scriptPreloads) => `${before}<template id="${TEMPLATE_ID}">${scriptPreloads}${tail}`;
}

/** `text` cut just before the first `marker`, or at its end when it has none. */
function splitAt(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at)];
}
