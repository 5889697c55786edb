package dev.skills.core.activation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps active skills in memory for at most a fixed number of conversations; the conversation
 * used least recently is forgotten first. Long conversation ids are kept as their hash (see
 * {@link ConversationIds}), so memory stays bounded whatever ids callers send. Fits one application instance; share state between
 * instances with a database-backed repository.
 */
public class InMemoryActiveSkillsRepository implements ActiveSkillsRepository {

	/** The default number of conversations kept. */
	public static final int DEFAULT_MAX_CONVERSATIONS = 10_000;

	private final int maxConversations;

	private final LinkedHashMap<String, List<ActiveSkill>> conversations;

	/**
	 * Keep at most {@value #DEFAULT_MAX_CONVERSATIONS} conversations.
	 */
	public InMemoryActiveSkillsRepository() {
		this(DEFAULT_MAX_CONVERSATIONS);
	}

	/**
	 * Keep at most {@code maxConversations} conversations.
	 * @param maxConversations a positive number
	 */
	public InMemoryActiveSkillsRepository(int maxConversations) {
		if (maxConversations <= 0) {
			throw new IllegalArgumentException("maxConversations must be positive, was " + maxConversations);
		}
		this.maxConversations = maxConversations;
		this.conversations = new LinkedHashMap<>(16, 0.75f, true) {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, List<ActiveSkill>> eldest) {
				return size() > InMemoryActiveSkillsRepository.this.maxConversations;
			}

		};
	}

	@Override
	public synchronized void activate(String id, ActiveSkill skill) {
		String conversationId = ConversationIds.key(id);
		List<ActiveSkill> skills = new ArrayList<>(this.conversations.getOrDefault(conversationId, List.of()));
		skills.removeIf((active) -> active.name().equals(skill.name()));
		skills.add(skill);
		this.conversations.put(conversationId, List.copyOf(skills));
	}

	@Override
	public synchronized List<ActiveSkill> findByConversationId(String conversationId) {
		return this.conversations.getOrDefault(ConversationIds.key(conversationId), List.of());
	}

	@Override
	public synchronized void deactivate(String id, String name) {
		String conversationId = ConversationIds.key(id);
		List<ActiveSkill> skills = this.conversations.get(conversationId);
		if (skills != null) {
			List<ActiveSkill> remaining = skills.stream().filter((active) -> !active.name().equals(name)).toList();
			if (remaining.isEmpty()) {
				this.conversations.remove(conversationId);
			}
			else {
				this.conversations.put(conversationId, remaining);
			}
		}
	}

	@Override
	public synchronized void deleteByConversationId(String conversationId) {
		this.conversations.remove(ConversationIds.key(conversationId));
	}

	@Override
	public synchronized Map<String, List<ActiveSkill>> findAll(int limit) {
		List<Map.Entry<String, List<ActiveSkill>>> entries = new ArrayList<>(this.conversations.entrySet());
		Map<String, List<ActiveSkill>> result = new LinkedHashMap<>();
		for (int i = entries.size() - 1; i >= 0 && result.size() < limit; i--) {
			result.put(entries.get(i).getKey(), entries.get(i).getValue());
		}
		return result;
	}

}
