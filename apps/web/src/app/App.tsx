/** Placeholder until the web app issue builds the screens: says what runs and where the API lives. */
export function App() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', lineHeight: 1.5 }}
    >
      <h1>Hullscope</h1>
      <p>Biofouling detection and classification on ship-hull images.</p>
      <p>
        The API is running. Its reference is at <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  );
}
