import { SMTPServer } from 'smtp-server';

/**
 * The newsletter's SMTP relay, started by the fleet in a namespace of its own at an address outside the
 * private ranges (the newsletter's egress policy allows only those): plain AUTH with the test Secret's
 * credentials, no STARTTLS (the library's self-signed certificate would be refused). Each accepted mail
 * is one JSON line on stdout. Usage: smtp-relay.ts <address> <port> [<user> <password>]; without a user it
 * accepts mail without AUTH, as the compose file's development catcher (Mailpit) does.
 */
const [address, port, user, password] = process.argv.slice(2);
const server = new SMTPServer({
  authOptional: !user,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (!user || (auth.username === user && auth.password === password))
      return callback(null, { user: auth.username });
    return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
  },
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      console.log(
        JSON.stringify({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          at: new Date().toISOString(),
        }),
      );
      callback();
    });
  },
});
server.listen(Number(port), address, () => console.log(JSON.stringify({ listening: `${address}:${port}` })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
