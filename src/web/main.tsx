import "./lib/zod-without-eval.ts";
import "./styles.css";

// React DOM is most of the store's first script, and evaluating it is the longest task a phone
// runs for the page. Imported apart from the app, each is evaluated in a task of its own, so
// neither holds the main thread as long as both together did. Both are fetched at once.
const [reactDom, { startApp }] = await Promise.all([
  import("react-dom/client"),
  import("./app/start.tsx"),
]);
await startApp(document.getElementById("root")!, reactDom);
