package dev.skills.sample;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.messages.Message;

/**
 * Chat memory for the most recently used conversations only: a public chat endpoint must
 * not let callers grow the heap by inventing conversation ids. The least recently used
 * conversation is forgotten first.
 */
class RecentConversationsChatMemoryRepository implements ChatMemoryRepository {

	private final Map<String, List<Message>> conversations;

	RecentConversationsChatMemoryRepository(int maxConversations) {
		this.conversations = new LinkedHashMap<>(16, 0.75f, true) {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, List<Message>> eldest) {
				return size() > maxConversations;
			}

		};
	}

	@Override
	public synchronized List<String> findConversationIds() {
		return List.copyOf(this.conversations.keySet());
	}

	@Override
	public synchronized List<Message> findByConversationId(String conversationId) {
		List<Message> messages = this.conversations.get(conversationId);
		return (messages != null) ? messages : List.of();
	}

	@Override
	public synchronized void saveAll(String conversationId, List<Message> messages) {
		this.conversations.put(conversationId, List.copyOf(messages));
	}

	@Override
	public synchronized void deleteByConversationId(String conversationId) {
		this.conversations.remove(conversationId);
	}

}
