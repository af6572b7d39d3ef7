// The components project shares one jsdom between the files of a worker: each file starts as a
// first visit would, with nothing stored and an empty document.
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
