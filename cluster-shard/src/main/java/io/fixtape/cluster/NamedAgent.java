package io.fixtape.cluster;

import org.agrona.concurrent.Agent;

/**
 * An agent under another role name: {@code AgentRunner.startOnThread} names the thread after the role, and a
 * composite's default role ({@code [a,b,c]}) would hide which thread is which in {@code /proc} and bench profiles.
 * Threading: that of the delegate.
 */
final class NamedAgent implements Agent
{
    private final String roleName;
    private final Agent delegate;

    NamedAgent(final String roleName, final Agent delegate)
    {
        this.roleName = roleName;
        this.delegate = delegate;
    }

    @Override
    public void onStart()
    {
        delegate.onStart();
    }

    @Override
    public int doWork() throws Exception
    {
        return delegate.doWork();
    }

    @Override
    public void onClose()
    {
        delegate.onClose();
    }

    @Override
    public String roleName()
    {
        return roleName;
    }
}
