// Imported first: the store and its server child run with NODE_ENV=production in the process
// environment, as a deployment does (README), so React renders emails with its production
// build. The store's config alone (serve-app.ts hands it NODE_ENV) does not reach React.
process.env.NODE_ENV = "production";
