package dev.skills.mcp.client;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

/**
 * Hears each MCP client connection's {@code notifications/resources/list_changed} and
 * tells whoever listens for that connection.
 * <p>
 * It hears them on the connection's transport, {@linkplain #watch before the client}: the
 * MCP Java SDK's client answers each of these notifications by listing every resource of
 * the server, every page, before its consumers are told, so a server could make it hold
 * any amount of memory and, with a flood of notices, keep it listing. A watched transport
 * takes the notice off that path: the source lists, within its own bounds, and the SDK's
 * own consumers of the notice are not called on that connection. Listeners are added once
 * the skill sources exist; one runs on the transport's thread and must only hand the work
 * on.
 */
public final class McpResourceChanges {

	private static final Log logger = LogFactory.getLog(McpResourceChanges.class);

	private final Map<String, List<Runnable>> listeners = new ConcurrentHashMap<>();

	/**
	 * A transport that tells this connection's listeners of each
	 * {@code notifications/resources/list_changed} instead of the client it is given to.
	 * @param connection the connection's name
	 * @param transport its transport
	 * @return the transport to build the connection's client on
	 */
	public McpClientTransport watch(String connection, McpClientTransport transport) {
		return new WatchedTransport(transport, () -> changed(connection));
	}

	/**
	 * Listen for one connection's notifications.
	 * @param connection the connection's name
	 * @param listener run on each {@code resources/list_changed}
	 */
	public void onChange(String connection, Runnable listener) {
		this.listeners.computeIfAbsent(connection, (key) -> new CopyOnWriteArrayList<>()).add(listener);
	}

	/**
	 * Tell the listeners of a connection that its resources changed.
	 * @param connection the connection's name
	 */
	public void changed(String connection) {
		for (Runnable listener : this.listeners.getOrDefault(connection, List.of())) {
			try {
				listener.run();
			}
			catch (RuntimeException ex) {
				logger.warn("A listener of MCP connection " + connection + " failed", ex);
			}
		}
	}

	private record WatchedTransport(McpClientTransport delegate, Runnable changed) implements McpClientTransport {

		@Override
		public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
			return this.delegate.connect((incoming) -> handler.apply(incoming.filter(this::forTheClient)));
		}

		private boolean forTheClient(JSONRPCMessage message) {
			if (message instanceof JSONRPCNotification notification
					&& McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED.equals(notification.method())) {
				this.changed.run();
				return false;
			}
			return true;
		}

		@Override
		public void setExceptionHandler(Consumer<Throwable> handler) {
			this.delegate.setExceptionHandler(handler);
		}

		@Override
		public Mono<Void> sendMessage(JSONRPCMessage message) {
			return this.delegate.sendMessage(message);
		}

		@Override
		public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
			return this.delegate.unmarshalFrom(data, type);
		}

		@Override
		public List<String> protocolVersions() {
			return this.delegate.protocolVersions();
		}

		@Override
		public void close() {
			this.delegate.close();
		}

		@Override
		public Mono<Void> closeGracefully() {
			return this.delegate.closeGracefully();
		}

	}

}
