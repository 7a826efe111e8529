/**
 * The Swagger UI's start script, served as its own file (`/api/swagger/teahouse-init.js`): the page's CSP
 * allows scripts from this server only, no inline script. It reads the description's URL from the page.
 */
export const swaggerUiInit = `'use strict';
window.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;
