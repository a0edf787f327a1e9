package io.fixtape.cli;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.testkit.ForwardingApplication;
import io.fixtape.launcher.internal.EngineAssembly;
import io.fixtape.launcher.internal.LaunchedEngine;

import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;

/**
 * Child-JVM main for {@code AcceptorCrashTest}: {@code fixtape acceptor --app exec} from a settings file, except that
 * the application halts the JVM ({@code Runtime.halt}: no shutdown hook, no close — what {@code kill -9} does)
 * inside its callback for the NewOrderSingle whose ClOrdID is {@code args[2]}: after the engine journaled the
 * inbound order, before the application answered it. Prints {@code listening on port N} like the acceptor command.
 *
 * <p>Arguments: settings file, port (0 = any free port), ClOrdID to halt on.
 */
public final class HaltingAcceptor
{
    private HaltingAcceptor()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        final byte[] haltOn = args[2].getBytes(StandardCharsets.US_ASCII);
        final LaunchedEngine engine = EngineAssembly.fromFile(Paths.get(args[0]))
            .acceptPort(Integer.parseInt(args[1]))
            .applications((config, clock) -> new Halting(BuiltinApplications.create("exec", config, clock), haltOn))
            .assemble()
            .launch();
        System.out.println("fixtape halting acceptor: listening on port " + engine.boundPort() + ", halts inside the " +
            "callback for ClOrdID " + args[2]);
        System.out.flush();
        Thread.currentThread().join(); // until halted or killed
    }

    /** The exec application, halting the JVM on one order. */
    private static final class Halting extends ForwardingApplication
    {
        private final byte[] haltOn;

        Halting(final Application exec, final byte[] haltOn)
        {
            super(exec);
            this.haltOn = haltOn;
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() == MsgTypes.NEW_ORDER_SINGLE && message.valueEquals(Tags.CL_ORD_ID, haltOn) &&
                !message.getBoolean(Tags.POSS_DUP_FLAG))
            {
                System.out.println("halting inside the callback for MsgSeqNum " + message.getInt(Tags.MSG_SEQ_NUM) +
                    " (journaled, not answered)");
                System.out.flush();
                Runtime.getRuntime().halt(137);
            }
            super.onMessage(message, session);
        }
    }
}
