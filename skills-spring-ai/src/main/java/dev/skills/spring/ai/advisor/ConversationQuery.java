package dev.skills.spring.ai.advisor;

import java.util.ArrayList;
import java.util.List;

import dev.skills.spring.ai.catalog.index.CatalogQuery;

import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;

/**
 * The catalog query of a request: its latest user message and the user turns before it
 * (as many as {@link CatalogQuery} keeps), read from the end of the prompt.
 */
final class ConversationQuery {

	private ConversationQuery() {
	}

	static CatalogQuery of(List<Message> messages) {
		String latest = null;
		List<String> earlier = new ArrayList<>(CatalogQuery.MAX_EARLIER_TURNS);
		for (int i = messages.size() - 1; i >= 0 && earlier.size() < CatalogQuery.MAX_EARLIER_TURNS; i--) {
			Message message = messages.get(i);
			if (message.getMessageType() != MessageType.USER || message.getText() == null) {
				continue;
			}
			if (latest == null) {
				latest = message.getText();
			}
			else {
				earlier.add(message.getText());
			}
		}
		return new CatalogQuery((latest != null) ? latest : "", earlier);
	}

}
