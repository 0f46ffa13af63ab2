/**
 * Resolves `delayMs` after the window's load event (counting from now when it has passed):
 * for decorations that must not compete with a page's first content for the network and
 * the main thread.
 */
export function afterLoad(delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    const wait = () => setTimeout(resolve, delayMs);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
}
