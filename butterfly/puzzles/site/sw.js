// The daily site's service worker (butterfly/puzzles/site/build.py): the site works offline
// after a first visit. The pages and scripts (every module) a visit needs are kept on install;
// every other page of the site is kept when it is first fetched, and the pages
// ask for the days ahead to be kept (a "keep" message: the next seven days, so
// that tomorrow opens offline too). Network first, so a new build is seen at
// once when online; the kept copy when offline; a page never kept gives the
// offline page (beside the day pages, so that its links hold there). Nothing outside the site is ever fetched or kept.
"use strict";

// v3: the page's script became ES modules (page.js, page/*.js), each kept.
// v4: the analysis board (board.html, analysis.js and its modules).
// v5: each page's entry named start-<page>.js (start-daily.js was page.js), the old names let go.
var CACHE = "butterfly-daily-v5";
// The pages and every script a page needs (start-daily.js and all its modules), kept on install.
const CORE = []; // build.py writes the list
//: The most days one message may ask to keep, and the only pages it may name.
var MOST_KEPT = 8;
var DAY_PAGE = /^\/(.*\/)?day\/\d{4}-\d{2}-\d{2}\.html$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(CORE);
    }),
  );
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name !== CACHE && name.indexOf("butterfly-daily-") === 0;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

// Days to keep, each fetched once unless already kept (a day the site does not have is passed over).
self.addEventListener("message", function (event) {
  var asked = event.data && Array.isArray(event.data.keep) ? event.data.keep.slice(0, MOST_KEPT) : [];
  var urls = asked
    .map(function (text) {
      try {
        return new URL(text, self.location.href);
      } catch {
        return null;
      }
    })
    .filter(function (url) {
      return url && url.origin === self.location.origin && DAY_PAGE.test(url.pathname);
    });
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(
        urls.map(function (url) {
          return cache.match(url.href).then(function (kept) {
            if (kept) return null;
            return fetch(url.href)
              .then(function (response) {
                return response.ok ? cache.put(url.href, response) : null;
              })
              .catch(function () {
                return null;
              });
          });
        }),
      );
    }),
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  // butterfly serve's web API (the analysis board asks it) is never kept: its answers are of the moment
  if (request.method !== "GET" || url.origin !== self.location.origin || /\/api\//.test(url.pathname)) return;
  event.respondWith(
    fetch(request)
      .then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) {
            cache.put(request, copy);
          });
        }
        return response;
      })
      .catch(function () {
        return caches.match(request, { ignoreSearch: true }).then(function (kept) {
          if (kept) return kept;
          if (request.mode !== "navigate") return Response.error();
          // the site's own address: its front page; any other page never kept: the offline page
          var url = new URL(request.url);
          var page = url.pathname.endsWith("/") ? url.pathname + "index.html" : "day/offline.html";
          return caches.match(new URL(page, self.location.href).href);
        });
      }),
  );
});
