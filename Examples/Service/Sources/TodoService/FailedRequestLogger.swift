import Hummingbird
import Logging

/// Logs each request that fails, with its status and reason: a 5xx at `error` (the store failed or cannot
/// answer), any other failure (a 404, a 429, a body that does not decode) at `info`. `LogRequestsMiddleware`
/// logs every request at `debug` beside it, so that `LOG_LEVEL=debug` shows the traffic and the default
/// level shows what went wrong.
public struct FailedRequestLogger<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let reason = (error as? HTTPError)?.body ?? "\(error)"
            context.logger.log(
                level: status.code >= 500 ? .error : .info,
                "\(request.method) \(request.uri.path) failed: \(status.code) \(reason)")
            throw error
        }
    }
}
