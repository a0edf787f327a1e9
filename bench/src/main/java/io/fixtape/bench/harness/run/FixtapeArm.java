package io.fixtape.bench.harness.run;

/** Launcher of the fixtape arm: fixtape's own acceptor with the built-in exec application. */
final class FixtapeArm
{
    private FixtapeArm()
    {
    }

    static ServerLauncher launcher()
    {
        throw new IllegalArgumentException("arm 'fixtape' is not available yet: fixtape's acceptor with the exec"
            + " application has not landed");
    }
}
