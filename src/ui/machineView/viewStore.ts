/** A provider's external store for one machine: React reads views, the connection writes them. */
export interface ViewStore<View, Event> {
  getView(): View;
  subscribe(listener: () => void): () => void;
  publish(view: View): void;
  send(event: Event): void;
  /** Where `send` goes; events sent while there is none (still loading) are dropped. */
  setSender(sender: ((event: Event) => void) | null): void;
}

export function createViewStore<View, Event>(initial: View): ViewStore<View, Event> {
  let view = initial;
  let sender: ((event: Event) => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(next) {
      view = next;
      listeners.forEach((listener) => listener());
    },
    send: (event) => sender?.(event),
    setSender(next) {
      sender = next;
    },
  };
}
