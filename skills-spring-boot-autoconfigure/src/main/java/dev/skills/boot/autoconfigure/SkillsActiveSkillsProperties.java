package dev.skills.boot.autoconfigure;

import java.time.Duration;

/**
 * Active-skill tracking settings: {@code skills.active-skills.*}.
 */
public class SkillsActiveSkillsProperties {

	/**
	 * Most conversations whose active skills are kept in memory; the least recently used
	 * are forgotten first.
	 */
	private int maxConversations = 10_000;

	/**
	 * Where active skills are kept: 'memory' (this instance only) or 'jdbc' (the
	 * application's DataSource, shared by every instance; needs dev.skills:skills-jdbc).
	 */
	private Store store = Store.MEMORY;

	/**
	 * How long the jdbc store keeps a conversation after its last skill activation.
	 */
	private Duration ttl = Duration.ofDays(7);

	public Store getStore() {
		return this.store;
	}

	public void setStore(Store store) {
		this.store = store;
	}

	public Duration getTtl() {
		return this.ttl;
	}

	public void setTtl(Duration ttl) {
		this.ttl = ttl;
	}

	public int getMaxConversations() {
		return this.maxConversations;
	}

	public void setMaxConversations(int maxConversations) {
		this.maxConversations = maxConversations;
	}

	/**
	 * Where active skills are kept.
	 */
	public enum Store {

		/**
		 * In this instance's memory, bounded by
		 * {@code skills.active-skills.max-conversations}.
		 */
		MEMORY,

		/** In the application's DataSource, shared by every instance. */
		JDBC

	}

}
