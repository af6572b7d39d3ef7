import { Agent, setGlobalDispatcher } from 'undici';

/*
 * Why: the backend under test runs PGlite's WASM on this thread, which can block the event loop
 * past the Auth Emulator's keep-alive time (5 s). A socket the emulator closed meanwhile is then
 * reused before its close is read, and the next request fails (UND_ERR_SOCKET, seen as
 * `auth/network-request-failed`). With one request per connection, no socket is ever reused.
 * `undici` 7 is the newest major that runs on this repository's Node 20 (its `fetch` takes it).
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));
