/*
 * The promotional banner other sites embed (SPEC §2, §9), served at /embed/banner.js:
 *   <div id="phrasewise-banner" data-phrasewise-banner></div>
 *   <script async src="https://our.site/embed/banner.js" data-site-id="site_settings"></script>
 * Plain browser JavaScript with no imports and no build step, so what is here is what a host page runs. It reads
 * /api/settings from the origin it was loaded from and draws into a shadow root: the host page's styles and ours do
 * not touch. Every text goes in as text (textContent), every colour through the style API, every link is checked to
 * be http(s). Nothing here may throw into the host page: any failure leaves the container empty.
 */
(function () {
  "use strict";
  var SIZES = {
    small: { title: 16, description: 13, logo: 30 },
    medium: { title: 20, description: 14, logo: 40 },
    large: { title: 24, description: 16, logo: 50 },
  };
  var CSS =
    ":host{all:initial;display:block}" +
    ".b{box-sizing:border-box;display:flex;flex-wrap:wrap;align-items:center;gap:16px;padding:20px;border-radius:12px;" +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.4;text-align:left}" +
    ".b.v{flex-direction:column;max-width:300px;margin:0 auto;text-align:center}" +
    ".t{flex:1 1 200px;min-width:0;overflow-wrap:anywhere}.v .t{flex:none}" +
    ".h{margin:0;font-weight:700;line-height:1.25}.d{margin:4px 0 0;opacity:.9}" +
    "img{display:block;width:auto}" +
    ".c{display:inline-block;max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;padding:10px 16px;border-radius:8px;font-weight:700;font-size:14px;text-decoration:none}" +
    ".c:focus-visible{outline:3px solid currentColor;outline-offset:2px}";

  function safeUrl(value, base) {
    try {
      if (typeof value !== "string" || !value) return null;
      var url = new URL(value, base);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch {
      return null;
    }
  }

  function text(value) {
    return typeof value === "string" ? value : "";
  }

  function el(root, tag, className) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    root.appendChild(node);
    return node;
  }

  function paint(node, property, value) {
    if (typeof value === "string" && value) node.style.setProperty(property, value);
  }

  function render(host, s, origin) {
    if (host.shadowRoot || host.getAttribute("data-phrasewise-rendered")) return;
    host.setAttribute("data-phrasewise-rendered", "");
    var root = host.attachShadow({ mode: "open" });
    var style = el(root, "style");
    style.textContent = CSS;
    var size = SIZES[s.banner_size] || SIZES.medium;
    var box = el(root, "div", host.getAttribute("data-layout") === "vertical" ? "b v" : "b");
    box.setAttribute("role", "complementary");
    box.setAttribute("aria-label", text(s.banner_title) || "App promotion");
    paint(box, "background", s.banner_bg_color);
    paint(box, "color", s.banner_text_color);
    var logo = safeUrl(s.logo, origin);
    if (s.banner_show_logo !== false && logo) {
      var img = el(box, "img");
      img.alt = "";
      img.src = logo;
      img.style.height = size.logo + "px";
    }
    var body = el(box, "div", "t");
    var title = el(body, "p", "h");
    title.textContent = text(s.banner_title);
    title.style.fontSize = size.title + "px";
    var description = el(body, "p", "d");
    description.textContent = text(s.banner_description);
    description.style.fontSize = size.description + "px";
    var cta = el(box, "a", "c");
    cta.textContent = text(s.banner_cta_text) || "Download";
    cta.href = origin + "/download";
    cta.target = "_blank";
    cta.rel = "noopener";
    paint(cta, "background", s.banner_cta_bg_color);
    paint(cta, "color", s.banner_cta_color);
  }

  try {
    var script = document.currentScript;
    var origin = script && script.src ? new URL(script.src).origin : null;
    if (!origin || typeof fetch !== "function" || typeof Element.prototype.attachShadow !== "function") return;
    var load = fetch(origin + "/api/settings", { credentials: "omit" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .catch(function () {
        return null;
      });
    var draw = function () {
      load
        .then(function (settings) {
          // The fallback answer (only a favicon) has no banner to draw.
          if (!settings || typeof settings !== "object" || typeof settings.banner_size !== "string") return;
          var hosts = document.querySelectorAll("[data-phrasewise-banner],#phrasewise-banner");
          for (var i = 0; i < hosts.length; i++) {
            try {
              render(hosts[i], settings, origin);
            } catch {
              /* One broken container must not stop the others, nor reach the host page. */
            }
          }
        })
        .catch(function () {});
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
    else draw();
  } catch {
    /* Never throw into the host page. */
  }
})();
