package dev.navserver.server.net;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.RequestId;
import dev.navserver.server.cluster.MapOwnership;
import dev.navserver.server.cluster.Owner;
import dev.navserver.server.metrics.ServerMetrics;

/**
 * The last words to a session whose map this process does not serve: {@code redirect} naming the owner then
 * {@code bye redirect} ({@link Owner.Remote}), or {@code error map_unavailable} then {@code bye unavailable}
 * ({@link Owner.Unowned}); then the connection closes ({@link Session#closeWithBye}). Counted in
 * {@code navserver_redirects_total{reason}}. Stateless and thread-safe.
 */
public final class SendAway {
    private SendAway() {
    }

    /**
     * Sends {@code session} away from {@code map}; does nothing for {@link Owner.Local} or a session already closing.
     *
     * @param id the request id to answer ({@code hello}'s), or null when the server sends the session away itself
     * @return whether the session was sent away (false for {@link Owner.Local})
     */
    /**
     * Sends a {@code hello}'s session away unless this process serves {@code map} and has it loaded: a cluster's map
     * not loaded here ({@code loaded} null) is served elsewhere, or by nobody yet.
     *
     * @return whether it was sent away
     */
    static boolean hello(Session session, String map, GridMap loaded, MapOwnership ownership, RequestId id,
                         ServerMetrics metrics) {
        Owner owner = ownership.ownerOf(map);
        return to(session, map, loaded == null && owner instanceof Owner.Local ? Owner.UNOWNED : owner, id, metrics);
    }

    public static boolean to(Session session, String map, Owner next, RequestId id, ServerMetrics metrics) {
        if (next instanceof Owner.Remote remote) {
            metrics.redirects.inc(ByeReasons.REDIRECT);
            session.send(new Redirect(map, remote.host(), remote.port()));
            session.closeWithBye(ByeReasons.REDIRECT);
            return true;
        }
        if (next instanceof Owner.Unowned) {
            metrics.redirects.inc(ByeReasons.UNAVAILABLE);
            metrics.errors.inc(ErrorCodes.MAP_UNAVAILABLE);
            session.send(new ErrorMessage(id, ErrorCodes.MAP_UNAVAILABLE,
                    "map: '" + map + "' is not served by any node at the moment; retry later"));
            session.closeWithBye(ByeReasons.UNAVAILABLE);
            return true;
        }
        return false;
    }
}
