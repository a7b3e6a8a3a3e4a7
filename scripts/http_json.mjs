// One JSON request to the server, for the load and soak scripts: resolves
// with { status, body }, the body parsed as JSON. A body that is not JSON
// rejects when `strictJson` is set, and is returned as text otherwise.
import http from 'node:http';

//
// A kept-alive connection the server closed as idle just as this request
// was written on it fails with ECONNRESET before the server read anything:
// such a request is sent once more on a fresh connection (Node's
// documentation of `request.reusedSocket` advises it).
export async function httpJson(agent, url, method, body, token, options = {}) {
  try {
    return await requestOnce(agent, url, method, body, token, options);
  } catch (e) {
    if (!e.reusedSocket || e.code !== 'ECONNRESET') throw e;
    return requestOnce(agent, url, method, body, token, options);
  }
}

function requestOnce(agent, url, method, body, token, { strictJson = false } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const headers = { 'Content-Type': 'application/json' };
    if (data) headers['Content-Length'] = Buffer.byteLength(data);
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        try {
          resolve({ status: res.statusCode, body: JSON.parse(text) });
        } catch (e) {
          if (strictJson) reject(e);
          else resolve({ status: res.statusCode, body: text });
        }
      });
    });
    req.on('error', (e) => {
      e.reusedSocket = req.reusedSocket;
      reject(e);
    });
    if (data) req.write(data);
    req.end();
  });
}
