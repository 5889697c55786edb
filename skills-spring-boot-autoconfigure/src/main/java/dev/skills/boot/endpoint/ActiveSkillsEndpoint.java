package dev.skills.boot.endpoint;

import java.util.List;
import java.util.Map;

import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code /actuator/activeskills}: which skills each conversation has activated.
 */
@Endpoint(id = "activeskills")
public class ActiveSkillsEndpoint {

	/** The most conversations listed when no limit is given. */
	public static final int DEFAULT_LIMIT = 100;

	/**
	 * The most conversations one request may list: each is a row to read and an id to
	 * send.
	 */
	public static final int MAX_LIMIT = 1_000;

	private final ActiveSkillsRepository repository;

	/**
	 * Create the endpoint.
	 * @param repository the active-skill store
	 */
	public ActiveSkillsEndpoint(ActiveSkillsRepository repository) {
		this.repository = repository;
	}

	/**
	 * The conversations with active skills, most recently changed first.
	 * @param limit the most conversations to list: from 1 to {@value #MAX_LIMIT},
	 * {@value #DEFAULT_LIMIT} when not given
	 * @return the conversations
	 * @throws InvalidEndpointRequestException (a 400 over HTTP) for a limit out of range
	 */
	@ReadOperation
	public ConversationsDescriptor conversations(@Nullable Integer limit) {
		if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
			String reason = "limit must be between 1 and " + MAX_LIMIT + ", was " + limit;
			throw new InvalidEndpointRequestException(reason, reason);
		}
		int max = (limit != null) ? limit : DEFAULT_LIMIT;
		Map<String, List<ActiveSkill>> conversations = this.repository.findAll(max);
		return new ConversationsDescriptor(max, conversations);
	}

	/**
	 * The active skills of one conversation.
	 * @param conversationId the conversation
	 * @return its active skills, oldest activation first (empty for an unknown
	 * conversation)
	 */
	@ReadOperation
	public ConversationDescriptor conversation(@Selector String conversationId) {
		return new ConversationDescriptor(conversationId, this.repository.findByConversationId(conversationId));
	}

	/**
	 * The conversations listed.
	 *
	 * @param limit the most conversations listed
	 * @param conversations conversation id to its active skills
	 */
	public record ConversationsDescriptor(int limit,
			Map<String, List<ActiveSkill>> conversations) implements OperationResponseBody {
	}

	/**
	 * One conversation.
	 *
	 * @param conversationId the conversation
	 * @param skills its active skills
	 */
	public record ConversationDescriptor(String conversationId,
			List<ActiveSkill> skills) implements OperationResponseBody {
	}

}
