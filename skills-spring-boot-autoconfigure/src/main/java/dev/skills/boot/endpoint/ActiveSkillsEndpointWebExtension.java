package dev.skills.boot.endpoint;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.EndpointWebExtension;

/**
 * The HTTP face of {@code /actuator/activeskills}: a bad {@code limit} is a 400 whose
 * body says what was wrong (Boot's error page would hide the reason unless messages are
 * exposed).
 */
@EndpointWebExtension(endpoint = ActiveSkillsEndpoint.class)
public class ActiveSkillsEndpointWebExtension {

	private final ActiveSkillsEndpoint delegate;

	/**
	 * Create the extension.
	 * @param delegate the endpoint
	 */
	public ActiveSkillsEndpointWebExtension(ActiveSkillsEndpoint delegate) {
		this.delegate = delegate;
	}

	/**
	 * The conversations with active skills (see
	 * {@link ActiveSkillsEndpoint#conversations}).
	 * @param limit the most conversations to list
	 * @return the conversations, or a 400 with the reason
	 */
	@ReadOperation
	public WebEndpointResponse<OperationResponseBody> conversations(@Nullable Integer limit) {
		try {
			return new WebEndpointResponse<>(this.delegate.conversations(limit));
		}
		catch (InvalidEndpointRequestException ex) {
			return new WebEndpointResponse<>(new BadRequest(ex.getReason()), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	/**
	 * Why a request was refused.
	 *
	 * @param message what was wrong and what is accepted
	 */
	public record BadRequest(String message) implements OperationResponseBody {
	}

}
