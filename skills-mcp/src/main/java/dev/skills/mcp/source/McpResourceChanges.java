package dev.skills.mcp.source;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.modelcontextprotocol.client.McpClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.ai.mcp.customizer.McpClientCustomizer;

/**
 * Hears each MCP client connection's {@code notifications/resources/list_changed} and
 * tells whoever listens for that connection. A customizer of every synchronous client
 * that Spring AI builds, so it exists before the clients; listeners are added later, once
 * the skill sources exist. A listener runs on the SDK's notification thread and must only
 * hand the work on.
 */
public final class McpResourceChanges implements McpClientCustomizer<McpClient.SyncSpec> {

	private static final Log logger = LogFactory.getLog(McpResourceChanges.class);

	private final Map<String, List<Runnable>> listeners = new ConcurrentHashMap<>();

	@Override
	public void customize(String connection, McpClient.SyncSpec spec) {
		spec.resourcesChangeConsumer((resources) -> changed(connection));
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

}
